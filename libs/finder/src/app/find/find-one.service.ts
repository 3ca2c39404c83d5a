import { Injectable } from '@nestjs/common';
import { Clock, newNumericId } from '@lib/common';
import { CreditLedger, creditsRemaining } from '@lib/credits';
import { EventStore } from '@lib/eventstore';
import { EmailFinder } from '../../find-email';
import { validateFinderInput, type FinderInput } from '../../input/finder-input';
import { chargeForOutcome, FINDER_HOLD_PURPOSES, FINDER_PRICE, finderCallStream } from '../domain/finder-call.decider';
import { toPublicInputError } from './finder-input-errors';
import { toResultFields, type FinderResultView } from './finder-result.view';
import type { FindAttempt, FinderCaller } from './find-attempt';
import { recordFinderCall, type FinderCall } from './record-finder-call';

/**
 * POST /v1/finder: validate (400, nothing held), hold 10 credits (402, nothing probed), find,
 * record the outcome on `finder-<id>`, settle 10 for a returned address or 0 for a miss.
 * Any failure after the hold releases it.
 */
@Injectable()
export class FindOneService {
  constructor(
    private readonly finder: EmailFinder,
    private readonly ledger: CreditLedger,
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
    // The hold is named after the record it waits for (the sweeper looks the record up by it).
    const holdId = finderCallStream(findId);
    await this.ledger.hold(accountId, { holdId, amount: FINDER_PRICE, purpose: FINDER_HOLD_PURPOSES.single, reference: `finder:${findId}` });
    try {
      const outcome = await this.finder.find(valid);
      await recordFinderCall(this.events, { findId, accountId, keyId, source: { kind: 'single' }, input: valid, outcome, at: this.clock.nowIso() });
      const charge = chargeForOutcome(outcome);
      const after = await this.ledger.settle(accountId, holdId, charge);
      return { ...toResultFields(outcome), creditsCharged: charge, creditsRemaining: creditsRemaining(after, 0) };
    } catch (error) {
      await this.ledger.release(accountId, holdId, 'finder_call_failed');
      throw toPublicInputError(error);
    }
  }

  /**
   * An earlier attempt under the same Idempotency-Key that never stored its response: if it recorded
   * its outcome, that is settled (a no-op when it was) and returned; if not, its hold is released.
   */
  private async resume(accountId: string, findId: number): Promise<FinderResultView | null> {
    const holdId = finderCallStream(findId);
    const [recorded] = await this.events.readStream<FinderCall & { creditsCharged: number }>(holdId, { maxCount: 1 });
    const after = await this.ledger.endHold(accountId, holdId, recorded ? recorded.data.creditsCharged : null, 'superseded by a retry');
    return recorded ? { ...toResultFields(recorded.data.outcome), creditsCharged: recorded.data.creditsCharged, creditsRemaining: creditsRemaining(after, 0) } : null;
  }
}
