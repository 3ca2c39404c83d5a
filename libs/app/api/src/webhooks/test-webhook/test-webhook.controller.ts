import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@lib/accounts';
import { parseWebhookId, TestWebhookCommand } from '@lib/webhooks';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentPrincipal, RequiresScope } from '../../auth/auth.decorators';
import { AcceptsKeyKinds } from '../../auth/key-kinds';
import { WebhookManagerGuard } from '../shared/webhook-manager.guard';
import { WebhookIdParam } from '../shared/webhook-id.param';
import { TestDeliveryModel } from './test-delivery.model';

/** A signed test delivery, sent now, and how the receiver answered. */
@ApiTags('webhooks')
@RequiresScope('webhooks')
@AcceptsKeyKinds('test')
@Controller('v1/webhooks')
@UseGuards(WebhookManagerGuard)
export class TestWebhookController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':id/test')
  @WebhookIdParam()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'WebhooksController_test',
    summary: 'Send a signed test delivery now and report how the receiver answered',
    description:
      'Only an active webhook can be tested (else 400 code 4004). An unreachable receiver is not an error: see success/statusCode/error.',
  })
  @ApiEnvelope(TestDeliveryModel)
  @ApiErrors(400, 401, 403, 404)
  test(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.commands.execute(new TestWebhookCommand(principal.accountId, parseWebhookId(id)));
  }
}
