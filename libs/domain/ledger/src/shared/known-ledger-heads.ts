import type { AssumedStream, RunResult } from '@lib/eventstore';
import { CreditLedgerCommand } from '../domain/credit-ledger.commands';
import { CreditLedgerEvent } from '../domain/credit-ledger.events';
import { endedHoldId, LedgerState } from '../domain/credit-ledger.decider';

/** The holds one append ended, and where its events lie: global positions in (after, last]. */
interface Appended {
  after: number;
  last: number;
  ended: string[];
}

/** A ledger stream as this process's own appends left it. */
interface Head {
  state: Omit<LedgerState, 'endedHolds'>;
  revision: number;
  /** The hold the newest event ended (every load sees it), or null. */
  lastEnded: string | null;
  /** Oldest first, contiguous: together they hold every event of the stream after log[0].after. */
  log: Appended[];
}

const MAX_STREAMS = 4096;
/** Appends remembered per stream: a basis (a paid call's claim) is at most a few appends old. */
const MAX_LOG = 256;

/**
 * What each ledger stream looked like after this process's last append to it, so the next batch decides on
 * it without reading and parsing the newest event (which carries every open hold). It is only a guess: the
 * batch's append expects its revision, so another writer (a process, a replica, a grant outside the group
 * commit) makes it conflict and runDecision reads. The appends' ended holds are kept too, so a hold with a
 * basis sees the same ended ids a read of every event since the basis would give (HOLD_ALREADY_ENDED).
 */
export class KnownLedgerHeads {
  private readonly heads = new Map<string, Head>();

  /**
   * The state to decide `batch` on, with exactly the ended holds a load would fold ('last', or every event
   * after the smallest basis); undefined when it must be read: nothing known, a basis older than what is
   * remembered, or one inside an append that ended a hold the batch names (which of its events came after
   * the basis is not known).
   */
  stateFor(stream: string, batch: readonly CreditLedgerCommand[]): AssumedStream<LedgerState> | undefined {
    const head = this.heads.get(stream);
    if (!head) return undefined;
    const bases = batch.flatMap((c) => (c.type === 'HoldCredits' && c.basis !== undefined ? [c.basis] : []));
    const ended = head.lastEnded === null ? [] : [head.lastEnded];
    if (bases.length > 0) {
      const basis = Math.min(...bases);
      if (basis < head.log[0].after) return undefined;
      const named = new Set(batch.map((c) => ('holdId' in c ? c.holdId : undefined)));
      // Newest first, down to the append that holds the basis: the ones before it hold nothing after it.
      for (let i = head.log.length - 1; i >= 0 && head.log[i].last > basis; i--) {
        const appended = head.log[i];
        if (appended.after >= basis) ended.push(...appended.ended);
        else if (appended.ended.some((id) => named.has(id))) return undefined;
      }
    }
    const position = head.log[head.log.length - 1].last;
    return { state: { ...head.state, endedHolds: ended }, expectedRevision: head.revision, position };
  }

  /** After a decision: remember the head it appended, or forget the stream when it moved in a way not seen. */
  record(stream: string, result: RunResult<CreditLedgerEvent, LedgerState>): void {
    const head = this.heads.get(stream);
    this.heads.delete(stream); // re-inserted last, so the map's order is least recently used first
    const last = result.events.at(-1);
    if (!last) {
      if (head && head.revision === result.nextRevision) this.heads.set(stream, head); // read: still the head
      return;
    }
    const { endedHolds: _ended, ...state } = result.state;
    const continues = head !== undefined && head.log[head.log.length - 1].last === result.basePosition;
    // Decided on a read of a head not known here: only the newest event's position is certain.
    const log = continues ? head.log : [];
    log.push({
      after: continues ? result.basePosition : result.position - 1,
      last: result.position,
      ended: continues ? endedOf(result.events) : endedOf([last]),
    });
    if (log.length > MAX_LOG) log.shift();
    this.heads.set(stream, { state, revision: result.nextRevision, lastEnded: endedHoldId(last), log });
    if (this.heads.size > MAX_STREAMS) this.heads.delete(this.heads.keys().next().value!);
  }

  /** After a failed decision (a store error): what it was based on may be gone. */
  forget(stream: string): void {
    this.heads.delete(stream);
  }
}

const endedOf = (events: readonly CreditLedgerEvent[]): string[] =>
  events.flatMap((event) => {
    const id = endedHoldId(event);
    return id === null ? [] : [id];
  });
