import { Injectable } from '@nestjs/common';
import { CreditLedger, type LedgerView } from '../ledger/credit-ledger.service';
import { creditsRemaining } from '../ledger/credits-remaining';
import type { PaidCallPurpose } from '../domain/credit-ledger.commands';

/** One paid call (single or batch verify, single or batch finder): what it holds, its work, its price and its record. */
export interface PaidCall<W, A> {
  accountId: string;
  /** Names the hold and the record it waits for: the sweeper and an Idempotency-Key retry find one by the other. */
  holdId: string;
  purpose: PaidCallPurpose;
  reference: string;
  /** The most the call can cost, held before any work (402 INSUFFICIENT_CREDITS, and no work, when it cannot be). */
  amount: number;
  /** The paid work; a throw releases the hold with `releaseReason` (nothing was recorded, nothing is charged). */
  work(): Promise<W>;
  releaseReason: string;
  /** What the work costs, per the spec's price list. */
  charge(work: W): number;
  /**
   * Records the answer (the proof of the charge) and returns it; the hold is settled only after. `creditsRemaining`
   * is the spec's: what the account can still spend once this call is charged (credits-remaining.ts).
   */
  record(work: W, charge: number, creditsRemaining: number): Promise<A>;
}

/** What an earlier attempt under the same Idempotency-Key had recorded, with the ledger once its hold is ended. */
export interface Resumed<R> {
  recorded: R | null;
  ledger: LedgerView;
}

/**
 * The one paid-call path: hold -> work -> record -> settle with the recorded charge. Recording before
 * settling makes the record the proof of work: a process that dies after recording is charged what the
 * record says by the hold sweeper (or by a retry under the same Idempotency-Key, `resume`); one that dies
 * before has its hold released. Nothing is charged twice or lost. Job chunks follow the same order in
 * ChunkWorkflow (libs/jobs), with a chunk's record in the job stream.
 */
@Injectable()
export class PaidCalls {
  constructor(private readonly ledger: CreditLedger) {}

  async run<W, A>(call: PaidCall<W, A>): Promise<A> {
    const { accountId, holdId, amount } = call;
    const held = await this.ledger.hold(accountId, {
      holdId,
      amount,
      purpose: call.purpose,
      reference: call.reference,
    });
    let work: W;
    try {
      work = await call.work();
    } catch (error) {
      await this.ledger.release(accountId, holdId, call.releaseReason);
      throw error;
    }
    const charge = call.charge(work);
    const answer = await call.record(work, charge, creditsRemaining(held, charge, amount));
    await this.ledger.settle(accountId, holdId, charge);
    return answer;
  }

  /**
   * An earlier attempt under the same Idempotency-Key that never stored its response: if it recorded its
   * answer, its hold is settled with the recorded charge (a no-op when it was); if not, the hold is released.
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
    );
    return { recorded, ledger };
  }
}
