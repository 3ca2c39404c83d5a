import { Injectable } from '@nestjs/common';
import { Clock, newNumericId } from '@lib/common';
import { creditsRemaining, PaidCalls } from '@lib/ledger';
import { EventStore, readEvents } from '@lib/eventstore';
import { EmailFinders } from '../test-mode/email-finders';
import { validateFinderInput, type FinderInput, type ValidFinderInput } from '../domain/input/finder-input';
import type { FinderOutcome } from '../domain/finder-outcome';
import { FINDER_HOLD_PURPOSES, FINDER_PRICE, finderCallDecider, finderCallStream } from '../domain/finder-call.decider';
import { toPublicInputError } from './finder-input-errors';
import { toResultFields, type FinderResultView } from '../shared/finder-result.view';
import type { FindAttempt, FinderCaller } from '../shared/find-attempt';
import { recordFinderCall } from '../shared/record-finder-call';

/**
 * POST /v1/finder as the four steps of the one paid-call order (PaidCalls, libs/domain/ledger), after validating
 * (400, nothing held): 1. hold 10 credits (402, nothing probed), 2. find (a failure releases the hold),
 * 3. record the outcome on `finder-<id>` (the decider prices it), 4. settle 10 for a returned address or 0
 * for a miss.
 */
@Injectable()
export class FindOneService {
  constructor(
    private readonly finders: EmailFinders,
    private readonly paidCalls: PaidCalls,
    private readonly events: EventStore,
    private readonly clock: Clock,
  ) {}

  async find(caller: FinderCaller, input: FinderInput, attempt?: FindAttempt): Promise<FinderResultView> {
    const { accountId, keyId } = caller;
    const valid = (() => {
      try {
        return validateFinderInput(input);
      } catch (error) {
        throw toPublicInputError(error);
      }
    })();
    if (attempt?.supersededWork) {
      const earlier = await this.resume(accountId, Number(attempt.supersededWork));
      if (earlier) return earlier;
    }
    const findId = newNumericId(this.clock.now());
    await attempt?.bind(String(findId));
    // The hold is named after the record it waits for (the sweeper looks the record up by it).
    const held = await this.paidCalls.hold({
      accountId,
      holdId: finderCallStream(findId),
      purpose: FINDER_HOLD_PURPOSES.single,
      reference: `finder:${findId}`,
      amount: FINDER_PRICE,
      basis: attempt?.claimedAtPosition,
      by: caller,
    });
    const outcome = await held.releaseOnFailure(this.lookUp(accountId, valid), 'finder_call_failed');
    const recorded = await recordFinderCall(this.events, {
      findId,
      accountId,
      keyId,
      source: { kind: 'single' },
      input: valid,
      outcome,
      at: this.clock.nowIso(),
    });
    await held.settle(recorded.creditsCharged);
    return {
      ...toResultFields(outcome),
      creditsCharged: recorded.creditsCharged,
      creditsRemaining: held.remainingAfter(recorded.creditsCharged),
    };
  }

  /** The finder's answer; a contact it finds invalid only now is the same 400 as one refused up front. */
  private async lookUp(accountId: string, valid: ValidFinderInput): Promise<FinderOutcome> {
    try {
      return await this.finders.for(accountId).find(valid);
    } catch (error) {
      throw toPublicInputError(error);
    }
  }

  /** An earlier attempt under the same Idempotency-Key: its recorded outcome (its hold settled), or null (its hold released). */
  private async resume(accountId: string, findId: number): Promise<FinderResultView | null> {
    const holdId = finderCallStream(findId);
    const find = async () =>
      (await readEvents(this.events, holdId, finderCallDecider.upcasters, { maxCount: 1 }))[0]?.data ?? null;
    const { recorded, ledger } = await this.paidCalls.resume(accountId, holdId, find, (call) => call.creditsCharged);
    return recorded
      ? {
          ...toResultFields(recorded.outcome),
          creditsCharged: recorded.creditsCharged,
          creditsRemaining: creditsRemaining(ledger, 0),
        }
      : null;
  }
}
