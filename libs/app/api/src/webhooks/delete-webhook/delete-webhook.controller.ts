import { Controller, Delete, Param, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@lib/accounts';
import { DeleteWebhookCommand, parseWebhookId } from '@lib/webhooks';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentPrincipal, RequiresScope } from '../../auth/auth.decorators';
import { AcceptsKeyKinds } from '../../auth/key-kinds';
import { WebhookManagerGuard } from '../shared/webhook-manager.guard';
import { WebhookIdParam } from '../shared/webhook-id.param';
import { DeletedWebhookModel } from './deleted-webhook.model';

/** Deleting a webhook; its pending retries end as failed. */
@ApiTags('webhooks')
@RequiresScope('webhooks')
@AcceptsKeyKinds('test')
@Controller('v1/webhooks')
@UseGuards(WebhookManagerGuard)
export class DeleteWebhookController {
  constructor(private readonly commands: CommandBus) {}

  @Delete(':id')
  @WebhookIdParam()
  @ApiOperation({
    operationId: 'WebhooksController_remove',
    summary: 'Delete a webhook; pending retries for it end as failed',
  })
  @ApiEnvelope(DeletedWebhookModel)
  @ApiErrors(401, 403, 404)
  remove(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.commands.execute(new DeleteWebhookCommand(principal.accountId, parseWebhookId(id)));
  }
}
