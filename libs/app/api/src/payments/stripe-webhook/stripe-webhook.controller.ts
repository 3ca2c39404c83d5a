import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiProperty, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { StripeWebhooks } from '@lib/billing';
import { Public, ApiEnvelope, ApiErrors } from '@lib/http-host';

class WebhookReceiptModel {
  @ApiProperty({ example: true }) received!: boolean;
  @ApiProperty({ example: false, description: 'true: this event id was handled before; nothing changed' })
  duplicate!: boolean;
}

/** Stripe's webhook endpoint (configure it in Stripe for payment_intent.succeeded, payment_intent.payment_failed and setup_intent.succeeded). */
@ApiTags('payments')
@Controller('payments/stripe')
export class StripeWebhookController {
  constructor(private readonly webhooks: StripeWebhooks) {}

  @Post('webhook')
  @Public()
  @ApiSecurity({})
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Stripe webhook: verified by Stripe-Signature, idempotent on the event id; 404 unless PAYMENT_PROCESSOR=stripe',
  })
  // One entry under the name the handler reads. Not required in the document: without
  // PAYMENT_PROCESSOR=stripe the route answers 404 to every request, a signature or not.
  @ApiHeader({
    name: 'stripe-signature',
    required: false,
    schema: { type: 'string' },
    description:
      'Stripe-Signature: required when PAYMENT_PROCESSOR=stripe (else 400); without it configured, the route answers 404',
  })
  @ApiEnvelope(WebhookReceiptModel)
  @ApiErrors(400, 404)
  receive(@Req() request: FastifyRequest & { rawBody?: string }, @Headers('stripe-signature') signature?: string) {
    return this.webhooks.receive(request.rawBody ?? '', signature);
  }
}
