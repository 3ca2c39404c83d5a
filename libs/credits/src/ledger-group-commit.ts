import { EventStore, WrongExpectedRevisionError } from '@lib/eventstore';
import { CreditLedgerCommand } from './domain/credit-ledger.commands';
import { creditLedgerDecider, LedgerState } from './domain/credit-ledger.decider';
import { CreditLedgerEvent } from './domain/credit-ledger.events';

interface Pending {
  command: CreditLedgerCommand;
  resolve(result: { state: LedgerState; position: number }): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; state: LedgerState } | { ok: false; error: unknown };

const MAX_BATCH = 64;
const MAX_ATTEMPTS = 50;

/**
 * Group commit for one ledger stream: commands that queue up while an append is in flight are
 * decided one after another on the evolving state and written in ONE append with the expected
 * revision. Each command still gets its own answer (a refused hold rejects only its caller), but
 * 50 concurrent chargers cost one durable write instead of 50. Another process writing the same
 * stream makes the append conflict; the whole batch is then re-decided on the fresh state.
 */
export class LedgerGroupCommit {
  private readonly queues = new Map<string, Pending[]>();

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
    for (let attempt = 1; ; attempt++) {
      try {
        const [last] = await this.events.readStream(stream, { direction: 'backwards', maxCount: 1 });
        let state = last ? creditLedgerDecider.evolve(creditLedgerDecider.initialState, last as never) : creditLedgerDecider.initialState;
        const decided: CreditLedgerEvent[] = [];
        const outcomes: Outcome[] = batch.map(({ command }) => {
          try {
            const events = creditLedgerDecider.decide(command, state);
            state = events.reduce((s, e) => creditLedgerDecider.evolve(s, e), state);
            decided.push(...events);
            return { ok: true, state };
          } catch (error) {
            return { ok: false, error };
          }
        });
        let position = last?.position ?? -1;
        if (decided.length > 0) {
          const appended = await this.events.appendToStream(stream, decided.map((e) => ({ type: e.type, data: e.data })), last ? last.revision : 'no_stream');
          position = appended.position;
        }
        batch.forEach((pending, i) => {
          const outcome = outcomes[i];
          if (outcome.ok) pending.resolve({ state: outcome.state, position });
          else pending.reject(outcome.error);
        });
        return;
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, attempt * 5)));
          continue;
        }
        batch.forEach((pending) => pending.reject(error));
        return;
      }
    }
  }
}
