import { Body, Controller, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@lib/accounts';
import { RegisterWebhookCommand } from '@lib/webhooks';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentPrincipal, RequiresScope } from '../../auth/auth.decorators';
import { AcceptsKeyKinds } from '../../auth/key-kinds';
import { WebhookManagerGuard } from '../shared/webhook-manager.guard';
import { WebhookWithSecretModel } from '../shared/webhook.models';
import { CreateWebhookDto } from './register-webhook.dto';

/** Registering a webhook; its signing secret is in this answer. */
@ApiTags('webhooks')
@RequiresScope('webhooks')
@AcceptsKeyKinds('test')
@Controller('v1/webhooks')
@UseGuards(WebhookManagerGuard)
export class RegisterWebhookController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @ApiOperation({
    operationId: 'WebhooksController_create',
    summary: 'Register a webhook',
    description: 'The response carries the generated signing secret; it is shown again only by rotate-secret.',
  })
  @ApiEnvelope(WebhookWithSecretModel, 201)
  @ApiErrors(400, 401, 403)
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateWebhookDto) {
    return this.commands.execute(new RegisterWebhookCommand(principal.accountId, body));
  }
}
