import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@lib/accounts';
import { parseWebhookId, RotateWebhookSecretCommand } from '@lib/webhooks';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentPrincipal, RequiresScope } from '../../auth/auth.decorators';
import { AcceptsKeyKinds } from '../../auth/key-kinds';
import { WebhookManagerGuard } from '../shared/webhook-manager.guard';
import { WebhookIdParam } from '../shared/webhook-id.param';
import { WebhookWithSecretModel } from '../shared/webhook.models';

/** A new signing secret for every attempt from now on. */
@ApiTags('webhooks')
@RequiresScope('webhooks')
@AcceptsKeyKinds('test')
@Controller('v1/webhooks')
@UseGuards(WebhookManagerGuard)
export class RotateWebhookSecretController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':id/rotate-secret')
  @WebhookIdParam()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'WebhooksController_rotateSecret',
    summary: 'Replace the signing secret',
    description: 'The new secret signs every attempt from now on, retries of earlier events included.',
  })
  @ApiEnvelope(WebhookWithSecretModel)
  @ApiErrors(401, 403, 404)
  rotateSecret(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.commands.execute(new RotateWebhookSecretCommand(principal.accountId, parseWebhookId(id)));
  }
}
