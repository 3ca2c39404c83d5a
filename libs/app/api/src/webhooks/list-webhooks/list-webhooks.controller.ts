import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiExtraModels, ApiOperation, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { Principal } from '@lib/accounts';
import { ListWebhooksQuery } from '@lib/webhooks';
import { ApiErrors } from '@lib/http-host';
import { CurrentPrincipal, RequiresScope } from '../../auth/auth.decorators';
import { AcceptsKeyKinds } from '../../auth/key-kinds';
import { WebhookModel } from '../shared/webhook.models';

/** The caller's webhooks (secrets are never listed). */
@ApiTags('webhooks')
@RequiresScope('webhooks')
@AcceptsKeyKinds('test')
@Controller('v1/webhooks')
export class ListWebhooksController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({
    operationId: 'WebhooksController_list',
    summary: "The caller's webhooks, oldest first (secrets are never listed)",
  })
  @ApiExtraModels(WebhookModel)
  @ApiResponse({
    status: 200,
    description: 'Success',
    schema: {
      type: 'object',
      required: ['status', 'data', 'error'],
      properties: {
        status: { type: 'string', enum: ['success'] },
        data: { type: 'array', items: { $ref: getSchemaPath(WebhookModel) } },
        error: { type: 'object', nullable: true, example: null },
      },
    },
  })
  @ApiErrors(401)
  list(@CurrentPrincipal() principal: Principal) {
    return this.queries.execute(new ListWebhooksQuery(principal.accountId));
  }
}
