import { Body, Controller, Param, Patch, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@lib/accounts';
import { parseWebhookId, UpdateWebhookCommand } from '@lib/webhooks';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentPrincipal, RequiresScope } from '../../auth/auth.decorators';
import { AcceptsKeyKinds } from '../../auth/key-kinds';
import { WebhookManagerGuard } from '../shared/webhook-manager.guard';
import { WebhookIdParam } from '../shared/webhook-id.param';
import { WebhookModel } from '../shared/webhook.models';
import { UpdateWebhookDto } from './update-webhook.dto';

/** Changing a webhook's url, events or state. */
@ApiTags('webhooks')
@RequiresScope('webhooks')
@AcceptsKeyKinds('test')
@Controller('v1/webhooks')
@UseGuards(WebhookManagerGuard)
export class UpdateWebhookController {
  constructor(private readonly commands: CommandBus) {}

  @Patch(':id')
  @WebhookIdParam()
  @ApiOperation({
    operationId: 'WebhooksController_update',
    summary: 'Change url, events and/or isActive; absent or null fields are kept',
  })
  @ApiEnvelope(WebhookModel)
  @ApiErrors(400, 401, 403, 404)
  update(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: UpdateWebhookDto) {
    return this.commands.execute(new UpdateWebhookCommand(principal.accountId, parseWebhookId(id), body));
  }
}
