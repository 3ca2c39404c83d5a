import { Injectable } from '@nestjs/common';
import { Clock, newNumericId } from '@lib/common';
import { creditsRemaining, PaidCalls } from '@lib/credits';
import { EventStore, readEvents } from '@lib/eventstore';
import { EmailFinder } from '../domain/find-email';
import { validateFinderInput, type FinderInput } from '../domain/input/finder-input';
import {
  chargeForOutcome,
  FINDER_HOLD_PURPOSES,
  FINDER_PRICE,
  finderCallDecider,
  finderCallStream,
} from '../domain/finder-call.decider';
import { toPublicInputError } from './finder-input-errors';
import { toResultFields, type FinderResultView } from '../shared/finder-result.view';
import type { FindAttempt, FinderCaller } from '../shared/find-attempt';
import { recordFinderCall } from '../shared/record-finder-call';

/**
 * POST /v1/finder in the one paid-call path (PaidCalls, libs/credits): validate (400, nothing held), hold
 * 10 credits (402, nothing probed), find, record the outcome on `finder-<id>`, settle 10 for a returned
 * address or 0 for a miss. A failed lookup releases the hold.
 */
@Injectable()
export class FindOneService {
  constructor(
    private readonly finder: EmailFinder,
    private readonly paidCalls: PaidCalls,
    private readonly events: EventStore,
    private readonly clock: Clock,
  ) {}

  async find({ accountId, keyId }: FinderCaller, input: FinderInput, attempt?: FindAttempt): Promise<FinderResultView> {
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
    try {
      return await this.paidCalls.run({
        // The hold is named after the record it waits for (the sweeper looks the record up by it).
        accountId,
        holdId: finderCallStream(findId),
        purpose: FINDER_HOLD_PURPOSES.single,
        reference: `finder:${findId}`,
        amount: FINDER_PRICE,
        releaseReason: 'finder_call_failed',
        work: () => this.finder.find(valid),
        charge: (outcome) => chargeForOutcome(outcome),
        record: async (outcome, charge, creditsRemaining) => {
          await recordFinderCall(this.events, {
            findId,
            accountId,
            keyId,
            source: { kind: 'single' },
            input: valid,
            outcome,
            at: this.clock.nowIso(),
          });
          return { ...toResultFields(outcome), creditsCharged: charge, creditsRemaining };
        },
      });
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
