import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiExtraModels, ApiOperation, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { Principal } from '@lib/accounts';
import { parsePageRequest } from '@lib/common';
import {
  DeleteWebhookCommand,
  ListDeliveriesQuery,
  ListWebhooksQuery,
  parseWebhookId,
  RegisterWebhookCommand,
  RotateWebhookSecretCommand,
  TestWebhookCommand,
  ToggleWebhookCommand,
  UpdateWebhookCommand,
} from '@lib/webhooks';
import { CurrentPrincipal } from '../auth/auth.decorators';
import { ApiEnvelope, ApiErrors, ApiOptionalBody } from '../docs/api-envelope.decorators';
import { ApiIdParam, ApiPageQueries } from '../docs/api-params.decorators';
import { CreateWebhookDto, ToggleWebhookDto, UpdateWebhookDto } from './webhooks.dto';
import {
  DeletedWebhookModel,
  DeliveryPageModel,
  TestDeliveryModel,
  WebhookModel,
  WebhookWithSecretModel,
} from './webhooks.models';

const IdParam = () => ApiIdParam('Webhook id (int64). Non-integer, unknown or another account’s: 404 code 4001.');

/** Webhook registration and delivery history; payloads, signatures and retries are described in docs/webhooks.md. */
@ApiTags('webhooks')
@Controller('v1/webhooks')
export class WebhooksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ summary: "The caller's webhooks, oldest first (secrets are never listed)" })
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

  @Post()
  @ApiOperation({
    summary: 'Register a webhook',
    description: 'The response carries the generated signing secret; it is shown again only by rotate-secret.',
  })
  @ApiEnvelope(WebhookWithSecretModel, 201)
  @ApiErrors(400, 401)
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateWebhookDto) {
    return this.commands.execute(new RegisterWebhookCommand(principal.accountId, body));
  }

  @Patch(':id')
  @IdParam()
  @ApiOperation({ summary: 'Change url, events and/or isActive; absent or null fields are kept' })
  @ApiEnvelope(WebhookModel)
  @ApiErrors(400, 401, 404)
  update(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: UpdateWebhookDto) {
    return this.commands.execute(new UpdateWebhookCommand(principal.accountId, parseWebhookId(id), body));
  }

  @Post(':id/toggle')
  @IdParam()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Activate or deactivate',
    description:
      'With `isActive` true/false in the body: sets that state (safe to repeat). Without it (no body, `{}`, or null): flips the current state. Other fields are ignored.',
  })
  @ApiOptionalBody(ToggleWebhookDto)
  @ApiEnvelope(WebhookModel)
  @ApiErrors(400, 401, 404)
  toggle(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: ToggleWebhookDto) {
    return this.commands.execute(
      new ToggleWebhookCommand(principal.accountId, parseWebhookId(id), body?.isActive ?? undefined),
    );
  }

  @Delete(':id')
  @IdParam()
  @ApiOperation({ summary: 'Delete a webhook; pending retries for it end as failed' })
  @ApiEnvelope(DeletedWebhookModel)
  @ApiErrors(401, 404)
  remove(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.commands.execute(new DeleteWebhookCommand(principal.accountId, parseWebhookId(id)));
  }

  @Post(':id/test')
  @IdParam()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Send a signed test delivery now and report how the receiver answered',
    description:
      'Only an active webhook can be tested (else 400 code 4004). An unreachable receiver is not an error: see success/statusCode/error.',
  })
  @ApiEnvelope(TestDeliveryModel)
  @ApiErrors(400, 401, 404)
  test(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.commands.execute(new TestWebhookCommand(principal.accountId, parseWebhookId(id)));
  }

  @Post(':id/rotate-secret')
  @IdParam()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Replace the signing secret',
    description: 'The new secret signs every attempt from now on, retries of earlier events included.',
  })
  @ApiEnvelope(WebhookWithSecretModel)
  @ApiErrors(401, 404)
  rotateSecret(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.commands.execute(new RotateWebhookSecretCommand(principal.accountId, parseWebhookId(id)));
  }

  @Get(':id/deliveries')
  @IdParam()
  @ApiOperation({ summary: 'Delivery history with every attempt, newest first' })
  @ApiPageQueries(20)
  @ApiEnvelope(DeliveryPageModel)
  @ApiErrors(400, 401, 404)
  deliveries(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query('page') page?: string,
    @Query('pageSize') pageSize?: string,
  ) {
    const webhookId = parseWebhookId(id);
    return this.queries.execute(
      new ListDeliveriesQuery(principal.accountId, webhookId, parsePageRequest(page, pageSize, 20)),
    );
  }
}
