import { Command } from '@nestjs/cqrs';

export interface TestDeliveryResult {
  deliveryId: string;
  eventId: string;
  /** True when the receiver answered 2xx within the timeout. */
  success: boolean;
  /** The receiver's HTTP status, or null when it did not answer. */
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** Sends one signed `webhook.test` delivery now and reports how the receiver answered; never retried. */
export class TestWebhookCommand extends Command<TestDeliveryResult> {
  constructor(
    readonly accountId: string,
    readonly webhookId: number,
  ) {
    super();
  }
}
