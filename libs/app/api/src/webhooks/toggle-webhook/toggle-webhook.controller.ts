import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@lib/accounts';
import { parseWebhookId, ToggleWebhookCommand } from '@lib/webhooks';
import { ApiEnvelope, ApiErrors, ApiOptionalBody } from '@lib/http-host';
import { CurrentPrincipal, RequiresScope } from '../../auth/auth.decorators';
import { AcceptsKeyKinds } from '../../auth/key-kinds';
import { WebhookManagerGuard } from '../shared/webhook-manager.guard';
import { WebhookIdParam } from '../shared/webhook-id.param';
import { WebhookModel } from '../shared/webhook.models';
import { ToggleWebhookDto } from './toggle-webhook.dto';

/** Activating or deactivating a webhook. */
@ApiTags('webhooks')
@RequiresScope('webhooks')
@AcceptsKeyKinds('test')
@Controller('v1/webhooks')
@UseGuards(WebhookManagerGuard)
export class ToggleWebhookController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':id/toggle')
  @WebhookIdParam()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'WebhooksController_toggle',
    summary: 'Activate or deactivate',
    description:
      'With `isActive` true/false in the body: sets that state (safe to repeat). Without it (no body, `{}`, or null): flips the current state. Other fields are ignored.',
  })
  @ApiOptionalBody(ToggleWebhookDto)
  @ApiEnvelope(WebhookModel)
  @ApiErrors(400, 401, 403, 404)
  toggle(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: ToggleWebhookDto) {
    return this.commands.execute(
      new ToggleWebhookCommand(principal.accountId, parseWebhookId(id), body?.isActive ?? undefined),
    );
  }
}
