import { Injectable } from '@nestjs/common';
import { CreditLedger, type LedgerView } from '../shared/credit-ledger.service';
import { creditsRemaining } from './credits-remaining';
import type { PaidCallPurpose } from '../domain/credit-ledger.commands';

/**
 * Who makes a paid call, as the ledger counts it: an API key (with its limits) is counted per UTC month and
 * held to its monthly credit cap; a dashboard session (no `restrictions`) is not a key and is not counted.
 */
export interface PaidCaller {
  keyId: string;
  restrictions?: { monthlyCreditCap: number | null };
}

/** What one paid call (single or batch verify, single or batch finder) holds before any work. */
export interface PaidCallHold {
  accountId: string;
  /** Names the hold and the record it waits for: the sweeper and an Idempotency-Key retry find one by the other. */
  holdId: string;
  purpose: PaidCallPurpose;
  reference: string;
  /** The most the call can cost, held before any work (402 INSUFFICIENT_CREDITS, and no work, when it cannot be). */
  amount: number;
  /**
   * The global position of the Idempotency-Key claim the call runs under: a retry that takes the claim over
   * retires this call's hold id after it, and the ledger, loaded from here, refuses the hold then
   * (HOLD_ALREADY_ENDED) instead of charging the call a second time. Absent without a key (no takeover).
   */
  basis?: number;
  /** The caller: its key's monthly credit cap is judged in the same ledger decision as the balance (402, 2018). */
  by: PaidCaller;
}

/** What an earlier attempt under the same Idempotency-Key had recorded, with the ledger once its hold is ended. */
export interface Resumed<R> {
  recorded: R | null;
  ledger: LedgerView;
}

/**
 * The ledger side of the one paid-call order, which every paid use case (PaidVerification, FindOneService,
 * FindBatchService) writes top-down as four steps:
 *
 *   const held = await paidCalls.hold(call);                               1. hold the most it can cost (402: no work)
 *   const work = await held.releaseOnFailure(doTheWork(), releaseReason);  2. work (a failure releases the hold)
 *   const recorded = await record(work, held.remainingAfter(charge));      3. record: the proof of the charge
 *   await held.settle(charge);                                             4. settle with what the record charged
 *
 * Recording before settling makes the record the proof of work: a process that dies after recording is
 * charged what the record says by the hold sweeper (or by a retry under the same Idempotency-Key,
 * `resume`); one that dies before has its hold released. Nothing is charged twice or lost. Job chunks
 * follow the same order in ChunkWorkflow (libs/domain/jobs), with a chunk's record in the job stream.
 */
@Injectable()
export class PaidCalls {
  constructor(private readonly ledger: CreditLedger) {}

  async hold(call: PaidCallHold): Promise<HeldCredits> {
    const { accountId, holdId, amount, purpose, reference, basis, by } = call;
    const key = by.restrictions ? { keyId: by.keyId, monthlyCreditCap: by.restrictions.monthlyCreditCap } : undefined;
    const held = await this.ledger.hold(accountId, {
      holdId,
      amount,
      purpose,
      reference,
      basis,
      ...(key ? { key } : {}),
    });
    return new HeldCredits(this.ledger, call, held);
  }

  /**
   * An earlier attempt under the same Idempotency-Key that never stored its response: if it recorded its
   * answer, its hold is settled with the recorded charge (a no-op when it was); if not, its hold id is
   * retired (released, or marked ended when it was not held yet): that attempt may be alive and slow, and
   * its hold, if it comes now, is refused, so only this retry's work is charged.
   */
  async resume<R>(
    accountId: string,
    holdId: string,
    find: () => Promise<R | null>,
    chargeOf: (recorded: R) => number,
  ): Promise<Resumed<R>> {
    const recorded = await find();
    const ledger = await this.ledger.endHold(
      accountId,
      holdId,
      recorded ? chargeOf(recorded) : null,
      'superseded by a retry',
      true,
    );
    return { recorded, ledger };
  }
}

/** One paid call's credits while they are held: its work runs under the hold, and the hold ends released or settled. */
export class HeldCredits {
  constructor(
    private readonly ledger: CreditLedger,
    private readonly call: PaidCallHold,
    private readonly held: LedgerView,
  ) {}

  /** The work's answer; a failure releases the hold with `releaseReason` (nothing was recorded, nothing is charged) and is thrown on. */
  async releaseOnFailure<W>(work: Promise<W>, releaseReason: string): Promise<W> {
    try {
      return await work;
    } catch (error) {
      await this.ledger.release(this.call.accountId, this.call.holdId, releaseReason);
      throw error;
    }
  }

  /** The spec's creditsRemaining for the record: what the account can still spend once this call is charged `charge`. */
  remainingAfter(charge: number): number {
    return creditsRemaining(this.held, charge, this.call.amount);
  }

  /** Charges what the call's record says it costs; call it only once the record is written. */
  async settle(charge: number): Promise<void> {
    await this.ledger.settle(this.call.accountId, this.call.holdId, charge);
  }
}
