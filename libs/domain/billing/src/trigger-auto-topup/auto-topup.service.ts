import { Injectable } from '@nestjs/common';
import { Clock, DomainError, newNumericId } from '@lib/common';
import { EventStore, runCommand } from '@lib/eventstore';
import { CreditCatalogue } from '@lib/catalogue';
import { CheckoutResult, CheckoutService } from '../checkout/checkout.service';
import { loadAutoTopupSettings } from '../configure-auto-topup/auto-topup-settings';
import { autoTopupCrossingDecider, autoTopupCrossingStream, crossesThreshold } from '../domain/auto-topup';

export type AutoTopupOutcome =
  | { kind: 'not-crossed' }
  | { kind: 'ordered'; order: CheckoutResult }
  /** `notifyOwner`: the owner was not told yet; tell them, then call ownerNotified. */
  | { kind: 'failed'; orderId: string; ledgerRevision: number; reason: string; notifyOwner: boolean };

/**
 * Automatic top-up: a threshold and a package per account (set by ConfigureAutoTopupCommand). When a
 * ledger change crosses below the threshold, one off-session order for the package (with the best running promotion) is bought with the configured processor. The
 * crossing is claimed in its own stream before paying, so redeliveries and restarts buy nothing more:
 * they repeat the checkout of the claimed order id, which finishes that order instead of buying another.
 */
@Injectable()
export class AutoTopupService {
  constructor(
    private readonly events: EventStore,
    private readonly checkout: CheckoutService,
    private readonly clock: Clock,
    private readonly catalogue: CreditCatalogue,
  ) {}

  /**
   * Reacts to one ledger event (balance before and after, its stream revision). `lastAttempt`: the bus
   * will not deliver it again, so an error is recorded as the top-up's failure (and the owner told)
   * instead of being thrown into the dead-letter topic unseen.
   */
  async onBalanceChange(
    accountId: string,
    ledgerRevision: number,
    balanceBefore: number,
    balanceAfter: number,
    lastAttempt = false,
  ): Promise<AutoTopupOutcome> {
    const settings = await loadAutoTopupSettings(this.events, accountId);
    if (!settings?.enabled || !crossesThreshold(balanceBefore, balanceAfter, settings.thresholdCredits))
      return { kind: 'not-crossed' };
    const stream = autoTopupCrossingStream(accountId, ledgerRevision);
    const claimed = await runCommand(this.events, stream, autoTopupCrossingDecider, {
      type: 'TriggerAutoTopup',
      accountId,
      ledgerRevision,
      orderId: String(newNumericId(this.clock.now())),
      packageId: settings.packageId,
      at: this.clock.nowIso(),
    });
    if (claimed.state.status !== 'triggered') throw new Error('unreachable: a claimed crossing is triggered');
    const { orderId, failure, notified } = claimed.state;
    // Failed before: a redelivery buys nothing, and tells the owner only if that was not done yet.
    if (failure !== null) return { kind: 'failed', orderId, ledgerRevision, reason: failure, notifyOwner: !notified };
    let order: CheckoutResult;
    try {
      // The best running promotion, as the dashboard's menu and cards show it; a repeated checkout of
      // the same order id keeps the first quote, so a promotion ending between attempts changes nothing.
      const promotionId = this.catalogue.bestPromotionId(settings.packageId, this.clock.nowIso());
      order = await this.checkout.checkout(accountId, settings.packageId, promotionId, 'auto-topup', true, orderId);
    } catch (error) {
      // A refusal (the package withdrawn, the account gone) ends the top-up; anything else (a store or
      // processor that could not be reached, a crash) is thrown so the message comes again and the
      // checkout, repeated with the same order id, finishes the same order, until the last attempt.
      if (error instanceof DomainError) return this.recordFailure(stream, ledgerRevision, orderId, error.message);
      if (!lastAttempt) throw error;
      const message = error instanceof Error ? error.message : String(error);
      // The order may still complete (a payment made before the error is reported by webhook, or found by the recovery sweep).
      return this.recordFailure(
        stream,
        ledgerRevision,
        orderId,
        `not completed after every retry (${message}); if the payment went through, the credits are added when it is confirmed`,
      );
    }
    if (order.status !== 'Failed') return { kind: 'ordered', order };
    return this.recordFailure(stream, ledgerRevision, orderId, order.failureReason ?? 'payment failed');
  }

  /** The owner was mailed about the crossing's failure. */
  async ownerNotified(accountId: string, ledgerRevision: number): Promise<void> {
    await runCommand(this.events, autoTopupCrossingStream(accountId, ledgerRevision), autoTopupCrossingDecider, {
      type: 'RecordOwnerNotified',
      at: this.clock.nowIso(),
    });
  }

  private async recordFailure(
    stream: string,
    ledgerRevision: number,
    orderId: string,
    reason: string,
  ): Promise<AutoTopupOutcome> {
    const result = await runCommand(this.events, stream, autoTopupCrossingDecider, {
      type: 'RecordAutoTopupFailure',
      reason: reason.slice(0, 500),
      at: this.clock.nowIso(),
    });
    const state = result.state;
    if (state.status !== 'triggered' || state.failure === null)
      throw new Error('unreachable: a failure was just recorded');
    return { kind: 'failed', orderId, ledgerRevision, reason: state.failure, notifyOwner: !state.notified };
  }
}
