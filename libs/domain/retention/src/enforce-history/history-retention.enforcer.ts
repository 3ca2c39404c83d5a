import type { Logger } from '@nestjs/common';
import { EventStore, runCommand } from '@lib/eventstore';
import type { DataKeyCache, DataKeyStore } from '@lib/personal-data';
import type { EffectiveRetention } from '../domain/effective-retention';
import { dueDayScopes, parseDayScope, type DayScope } from '../domain/day-scopes';
import { retentionDecider } from '../domain/retention.decider';
import { retentionStream } from '../domain/retention.events';

/** Day scopes read from the key store per page: every account's calls and finder days, oldest of each first. */
const PAGE = 500;

/**
 * Shreds the single, batch and finder history older than each account's retention: it lists the day scopes
 * that still have a key (so it needs no list of accounts, and a day already shredded is never met again),
 * records per account what it is about to destroy, then destroys those keys. Recording first: a crash in
 * between leaves keys the next pass destroys (the record is not repeated), never a destruction unrecorded.
 */
export class HistoryRetentionEnforcer {
  constructor(
    private readonly events: EventStore,
    private readonly keys: DataKeyStore,
    private readonly logger: Logger,
    /** This process's cache of keys, told at once (other processes see the erasure within its TTL). */
    private readonly cache?: DataKeyCache,
  ) {}

  /** One pass at `at`; answers how many day scopes it shredded. */
  async enforce(
    at: string,
    retentionOf: (accountId: string) => Promise<EffectiveRetention>,
    signal?: AbortSignal,
  ): Promise<number> {
    let shredded = 0;
    for await (const [accountId, days] of this.dayScopesByAccount()) {
      if (signal?.aborted) break;
      try {
        shredded += await this.enforceFor(accountId, days, at, (await retentionOf(accountId)).historyDays);
      } catch (error) {
        // One account's failure must not hold back the others; the next pass tries it again.
        this.logger.warn(`could not enforce the history retention of account ${accountId}: ${String(error)}`);
      }
    }
    return shredded;
  }

  private async enforceFor(accountId: string, days: DayScope[], at: string, historyDays: number): Promise<number> {
    const due = dueDayScopes(days, at, historyDays).map((day) => day.scope);
    if (due.length === 0) return 0;
    const enforce = { type: 'EnforceHistoryRetention' as const, accountId, historyDays, scopes: due, at };
    await runCommand(this.events, retentionStream(accountId), retentionDecider, enforce);
    const destroyed = await this.keys.destroy(due);
    this.cache?.forget(due);
    return destroyed;
  }

  /**
   * Every calls-day and finder-day scope with a key, grouped by account (scopes are sorted, so an account's
   * are adjacent). An account's address and job scopes (up to one per address of a big job) are skipped
   * whole: meeting one, the scan resumes after the last scope of that kind, so a pass reads about one page
   * per account and kind, not every key.
   */
  private async *dayScopesByAccount(): AsyncGenerator<[string, DayScope[]]> {
    let group: DayScope[] = [];
    let after: string | undefined;
    for (let more = true; more;) {
      const page = await this.keys.scopesUnder('account:', { after, limit: PAGE });
      more = page.length === PAGE;
      for (const scope of page) {
        after = scope;
        const day = parseDayScope(scope);
        if (!day) {
          const skipTo = endOfKind(scope);
          if (skipTo === null) continue;
          after = skipTo;
          more = true;
          break;
        }
        if (group.length > 0 && group[0].accountId !== day.accountId) {
          yield [group[0].accountId, group];
          group = [];
        }
        group.push(day);
      }
    }
    if (group.length > 0) yield [group[0].accountId, group];
  }
}

/** Past every scope of this one's account and kind, when the kind holds many (address, job); null otherwise. */
function endOfKind(scope: string): string | null {
  const kind = /^account:[^:]+:(address|job):/.exec(scope);
  // U+FFFF sorts after every ASCII character, in SQLite's and MongoDB's binary string order alike.
  return kind ? `${kind[0]}\uffff` : null;
}
