import { Injectable, Logger } from '@nestjs/common';
import { Clock, DomainError, ErrorCodes, mapBounded, newNumericId } from '@lib/common';
import { FINDER_BATCH_CONCURRENCY } from '@lib/config';
import { CreditLedger, creditsRemaining, PaidCalls } from '@lib/ledger';
import { EventStore, readEvents, runCommand } from '@lib/eventstore';
import { EmailFinders } from '../test-mode/email-finders';
import type { FinderOutcome } from '../domain/finder-outcome';
import { FinderInputError, type ValidFinderInput } from '../domain/input/finder-input';
import { FinderBatchAnswered, finderBatchStream } from '../domain/finder-batch.events';
import { finderBatchDecider, type RecordBatchAnswer } from '../domain/finder-batch.decider';
import { chargeForOutcome, FINDER_HOLD_PURPOSES, FINDER_PRICE } from '../domain/finder-call.decider';
import type { FindAttempt, FinderCaller } from '../shared/find-attempt';
import { MAX_BATCH_CONTACTS, readBatchContacts, type EchoedContact, type ItemError } from './batch-contacts';
import { toResultFields, type FinderResultView } from '../shared/finder-result.view';
import { recordFinderCall } from '../shared/record-finder-call';

/** Contacts looked up at once: the engine's per-MX limits still apply underneath. */
const CONTACT_CONCURRENCY = FINDER_BATCH_CONCURRENCY;

export type BatchItemView =
  | ({ index: number; input: EchoedContact; error: null } & Omit<FinderResultView, 'creditsRemaining'>)
  | { index: number; input: EchoedContact; error: ItemError };

export interface BatchSummaryView {
  total: number;
  found: number;
  notFound: number;
  errors: number;
  creditsCharged: number;
  creditsRemaining: number;
}

export interface FinderBatchView {
  results: BatchItemView[];
  summary: BatchSummaryView;
}

type Lookup = { outcome: FinderOutcome } | { error: ItemError };

/**
 * POST /v1/finder/batch: up to 100 contacts, synchronous. Invalid contacts get a per-item error;
 * repeated contacts are looked up and charged once (the repeats carry creditsCharged 0). The four steps of
 * the one paid-call order (PaidCalls, libs/domain/ledger): 1. hold 10 x distinct valid contacts before any probe
 * (402 otherwise), 2. look them up, 3. record the answer (FinderBatchAnswered), 4. settle with 10 x found.
 */
@Injectable()
export class FindBatchService {
  private readonly logger = new Logger('finder');

  constructor(
    private readonly finders: EmailFinders,
    private readonly paidCalls: PaidCalls,
    private readonly ledger: CreditLedger,
    private readonly events: EventStore,
    private readonly clock: Clock,
  ) {}

  async find(caller: FinderCaller, contacts: readonly unknown[], attempt?: FindAttempt): Promise<FinderBatchView> {
    const { accountId, keyId } = caller;
    if (contacts.length === 0) throw new DomainError('BATCH_EMPTY', 'contacts must list at least one contact.');
    if (contacts.length > MAX_BATCH_CONTACTS)
      throw new DomainError(
        'BATCH_TOO_LARGE',
        `contacts may list at most ${MAX_BATCH_CONTACTS} contacts; send larger lists as a finder job.`,
      );
    const items = readBatchContacts(contacts);
    const distinct = new Map<string, { index: number; valid: ValidFinderInput }>();
    for (const item of items) if ('valid' in item && !distinct.has(item.key)) distinct.set(item.key, item);

    if (attempt?.supersededWork) {
      const earlier = await this.resume(accountId, attempt.supersededWork);
      if (earlier) return earlier;
    }
    const batchId = newNumericId(this.clock.now());
    await attempt?.bind(String(batchId));
    if (distinct.size === 0) {
      // Nothing to look up or charge: every contact is an item error.
      return assemble(items, new Map(), 0, creditsRemaining(await this.ledger.current(accountId), 0));
    }
    const held = await this.paidCalls.hold({
      accountId,
      holdId: finderBatchStream(batchId),
      purpose: FINDER_HOLD_PURPOSES.batch,
      reference: `finder-batch:${batchId}`,
      amount: FINDER_PRICE * distinct.size,
      basis: attempt?.claimedAtPosition,
      by: caller,
    });
    const lookups = await held.releaseOnFailure(
      this.lookUpAll({ accountId, keyId }, batchId, distinct),
      'finder_batch_failed',
    );
    const charge = [...lookups.values()].reduce(
      (sum, l) => sum + ('outcome' in l ? chargeForOutcome(l.outcome) : 0),
      0,
    );
    const { data: answered } = await this.record({
      type: 'RecordBatchAnswer',
      batchId,
      accountId,
      view: assemble(items, lookups, charge, held.remainingAfter(charge)),
      at: this.clock.nowIso(),
    });
    await held.settle(answered.creditsCharged);
    return answered.view;
  }

  /** Each distinct valid contact looked up once, a few at a time; keyed like `distinct`. */
  private async lookUpAll(
    caller: FinderCaller,
    batchId: number,
    distinct: Map<string, { index: number; valid: ValidFinderInput }>,
  ): Promise<Map<string, Lookup>> {
    const contacts = [...distinct.values()];
    const done = await mapBounded(contacts, CONTACT_CONCURRENCY, (c) => this.lookUp(caller, batchId, c.index, c.valid));
    return new Map([...distinct.keys()].map((key, k) => [key, done[k]]));
  }

  /** Records the batch's answer once (its stream is named by the batch id); a repeated record returns the one recorded. */
  private async record(command: RecordBatchAnswer): Promise<FinderBatchAnswered> {
    const { state } = await runCommand(this.events, finderBatchStream(command.batchId), finderBatchDecider, command);
    if (state.status !== 'Answered') throw new Error(`finder batch ${command.batchId} was not recorded`);
    return state.answered;
  }

  /** An earlier attempt under the same Idempotency-Key: its recorded answer (its hold settled), or null (its hold released). */
  private async resume(accountId: string, batchId: string): Promise<FinderBatchView | null> {
    const holdId = finderBatchStream(batchId);
    // A batch stream holds its one answer; no stored shape needs upcasting yet.
    const find = async () =>
      (await readEvents<FinderBatchAnswered>(this.events, holdId, undefined, { maxCount: 1 }))[0]?.data ?? null;
    const { recorded } = await this.paidCalls.resume(accountId, holdId, find, (answered) => answered.creditsCharged);
    return recorded ? recorded.view : null;
  }

  /** One contact; a defect in one lookup becomes that item's error instead of sinking the batch. */
  private async lookUp(
    { accountId, keyId }: FinderCaller,
    batchId: number,
    index: number,
    input: ValidFinderInput,
  ): Promise<Lookup> {
    try {
      const outcome = await this.finders.for(accountId).find(input);
      const findId = newNumericId(this.clock.now());
      await recordFinderCall(this.events, {
        findId,
        accountId,
        keyId,
        source: { kind: 'batch', batchId, index },
        input,
        outcome,
        at: this.clock.nowIso(),
      });
      return { outcome };
    } catch (error) {
      if (error instanceof FinderInputError)
        return { error: { code: ErrorCodes.FINDER_INVALID_INPUT.code, message: `${error.field}: ${error.message}` } };
      this.logger.error(`finder batch ${batchId} contact failed: ${String(error)}`);
      return {
        error: {
          code: ErrorCodes.INTERNAL.code,
          message: 'This contact could not be looked up; it was not charged. Retry it later.',
        },
      };
    }
  }
}

function assemble(
  items: ReturnType<typeof readBatchContacts>,
  lookups: Map<string, Lookup>,
  charged: number,
  balance: number,
): FinderBatchView {
  const seen = new Set<string>();
  const summary: BatchSummaryView = {
    total: items.length,
    found: 0,
    notFound: 0,
    errors: 0,
    creditsCharged: charged,
    creditsRemaining: balance,
  };
  const results = items.map((item): BatchItemView => {
    const lookup: Lookup = 'valid' in item ? (lookups.get(item.key) as Lookup) : { error: item.error };
    if ('error' in lookup) {
      summary.errors++;
      return { index: item.index, input: item.input, error: lookup.error };
    }
    const first = !seen.has((item as { key: string }).key);
    seen.add((item as { key: string }).key);
    if (lookup.outcome.email) summary.found++;
    else summary.notFound++;
    return {
      index: item.index,
      input: item.input,
      ...toResultFields(lookup.outcome),
      creditsCharged: first ? chargeForOutcome(lookup.outcome) : 0,
      error: null,
    };
  });
  return { results, summary };
}
