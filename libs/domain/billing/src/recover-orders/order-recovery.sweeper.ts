import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Clock, PeriodicSweep } from '@lib/common';
import { ReadStore } from '@lib/readstore';
import { CREDIT_ORDERS_COLLECTION, CreditOrderDoc } from '../list-orders/credit-orders.projection';
import { CheckoutService } from '../checkout/checkout.service';
import { OrderStatus } from '../domain/order-status';
import type { PaymentsConfig } from '@lib/config';
import { PAYMENTS_CONFIG } from '../billing.config';

/** Stripe retries a webhook for up to three days; a Pending order older than that is an abandoned checkout, no longer asked about. */
export const PENDING_ORDER_RECOVERY_WINDOW_MS = 3 * 24 * 3_600_000;
const BATCH = 200;

export interface OrderRecoveryReport {
  examined: number;
  completed: number;
  failed: number;
  credited: number;
}

/**
 * Orders that nothing may bring back by itself: a Pending order whose outcome never arrived (a webhook
 * lost after Stripe's retries, an answer lost with its process) and a completed order left uncredited
 * by a process that died (an operator's confirmation, a webhook delivery). Every interval the worker
 * asks the processor about each one placed more than ORDER_RECOVERY_AFTER_SECONDS ago and applies the
 * answer through the checkout's repeat path, which credits once however many others do it at the same
 * time. Manual orders stay Pending until an operator decides (the test mode completes them).
 */
@Injectable()
export class OrderRecoverySweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('order-recovery');
  private readonly schedule: PeriodicSweep<OrderRecoveryReport>;

  constructor(
    private readonly readStore: ReadStore,
    private readonly checkout: CheckoutService,
    private readonly clock: Clock,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {
    this.schedule = new PeriodicSweep(() => this.sweep(), {
      everyMs: Math.min(300_000, Math.max(5_000, (config.orderRecoveryAfterSeconds * 1000) / 3)),
      onError: (error) => this.logger.warn(`sweep failed: ${error}`),
    });
  }

  onApplicationBootstrap(): void {
    this.schedule.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.schedule.stop();
  }

  sweepOnce(): Promise<OrderRecoveryReport> {
    return this.schedule.runOnce();
  }

  private async sweep(): Promise<OrderRecoveryReport> {
    const report: OrderRecoveryReport = { examined: 0, completed: 0, failed: 0, credited: 0 };
    for (const order of await this.candidates()) {
      report.examined++;
      try {
        const result = await this.checkout.recover(String(order.id));
        if (!result || result.status === 'Pending') continue;
        if (order.status === OrderStatus.Completed) report.credited++;
        else if (result.status === 'Completed') report.completed++;
        else report.failed++;
      } catch (error) {
        this.logger.warn(`order ${order.id}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (report.completed + report.failed + report.credited > 0)
      this.logger.warn(`recovered orders: ${JSON.stringify(report)}`);
    return report;
  }

  /** Placed before the cutoff: Pending within the window, and completed but not credited (no invoice number yet) at any age. */
  private async candidates(): Promise<CreditOrderDoc[]> {
    const now = this.clock.now();
    const cutoff = new Date(now - this.config.orderRecoveryAfterSeconds * 1000).toISOString();
    const windowStart = new Date(now - PENDING_ORDER_RECOVERY_WINDOW_MS).toISOString();
    const orders = this.readStore.collection<CreditOrderDoc>(CREDIT_ORDERS_COLLECTION);
    const found: CreditOrderDoc[] = [];
    for await (const order of orders.stream({ filter: { status: OrderStatus.Pending }, sort: { createdAt: -1 } })) {
      if (order.createdAt < windowStart || found.length >= BATCH) break;
      if (order.createdAt < cutoff) found.push(order);
    }
    const uncredited = await orders.find({
      filter: { status: OrderStatus.Completed, invoiceNumber: '' },
      sort: { createdAt: 1 },
      limit: BATCH,
    });
    return [...found, ...uncredited.filter((order) => order.createdAt < cutoff)];
  }
}
