import { EventStore, runDecision, type RunOptions } from '@lib/eventstore';
import { CreditLedgerCommand } from '../domain/credit-ledger.commands';
import { creditLedgerDecider, creditLedgerOf, LedgerState } from '../domain/credit-ledger.decider';
import { CreditLedgerEvent } from '../domain/credit-ledger.events';
import { KnownLedgerHeads } from './known-ledger-heads';

interface Pending {
  command: CreditLedgerCommand;
  resolve(result: { state: LedgerState; position: number }): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; state: LedgerState } | { ok: false; error: unknown };

const MAX_BATCH = 64;
const MAX_ATTEMPTS = 50;

/**
 * The latest event carries the balance and the open holds; a hold with a basis needs also every event since
 * it, to see whether its id was ended meanwhile (HOLD_ALREADY_ENDED). Usually a few events: the basis was
 * read just before.
 */
function loadFor(batch: Pending[]): RunOptions['load'] {
  const bases = batch.flatMap(({ command }) =>
    command.type === 'HoldCredits' && command.basis !== undefined ? [command.basis] : [],
  );
  return bases.length === 0 ? 'last' : { lastAndAfter: Math.min(...bases) };
}

/**
 * Group commit for one ledger stream: commands that queue up while an append is in flight are
 * decided one after another on the evolving state and written in ONE append with the expected
 * revision. Each command still gets its own answer (a refused hold rejects only its caller), but
 * 50 concurrent chargers cost one durable write instead of 50. Another process writing the same
 * stream makes the append conflict; the whole batch is then re-decided on the fresh state (runDecision,
 * the same load-decide-append loop every command runs). A batch after this process's own append is decided
 * on what that append left (KnownLedgerHeads), not on a read: the append's expected revision checks it.
 */
export class LedgerGroupCommit {
  private readonly queues = new Map<string, Pending[]>();
  private readonly heads = new KnownLedgerHeads();

  constructor(private readonly events: EventStore) {}

  submit(stream: string, command: CreditLedgerCommand): Promise<{ state: LedgerState; position: number }> {
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(stream);
      if (queue) {
        queue.push({ command, resolve, reject });
        return;
      }
      this.queues.set(stream, [{ command, resolve, reject }]);
      void this.drain(stream);
    });
  }

  private async drain(stream: string): Promise<void> {
    const queue = this.queues.get(stream)!;
    while (queue.length > 0) await this.commit(stream, queue.splice(0, MAX_BATCH));
    this.queues.delete(stream); // no await since the loop test, so nothing can have been queued meanwhile
  }

  private async commit(stream: string, batch: Pending[]): Promise<void> {
    let outcomes: Outcome[] = [];
    // Every attempt decides the whole batch again on the state it read, so outcomes are the last attempt's.
    const decideBatch = (loaded: LedgerState): CreditLedgerEvent[] => {
      let state = loaded;
      const decided: CreditLedgerEvent[] = [];
      outcomes = batch.map(({ command }) => {
        try {
          const events = creditLedgerDecider.decide(command, state);
          state = events.reduce((s, e) => creditLedgerDecider.evolve(s, e), state);
          decided.push(...events);
          return { ok: true, state };
        } catch (error) {
          return { ok: false, error };
        }
      });
      return decided;
    };
    try {
      const fold = creditLedgerOf(batch[0].command.accountId); // one stream, so one account
      const options = { load: loadFor(batch), maxAttempts: MAX_ATTEMPTS };
      const assume = this.heads.stateFor(
        stream,
        batch.map((pending) => pending.command),
      );
      // runDecision reads and decides again when the append conflicts or nothing was appended to check it.
      const written = await runDecision(this.events, stream, fold, decideBatch, { ...options, assume });
      this.heads.record(stream, written);
      batch.forEach((pending, i) => {
        const outcome = outcomes[i];
        if (outcome.ok) pending.resolve({ state: outcome.state, position: written.streamPosition });
        else pending.reject(outcome.error);
      });
    } catch (error) {
      this.heads.forget(stream);
      batch.forEach((pending) => pending.reject(error));
    }
  }
}
