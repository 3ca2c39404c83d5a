/** What became of one call of a group: its result, or why it alone was refused. */
export type GroupOutcome<R> = { ok: true; result: R } | { ok: false; error: unknown };

interface PendingCall<T, R> {
  item: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

/**
 * Group commit for synchronous writers (better-sqlite3): calls made in the same turn of the event loop
 * are handed to `write` together, so they share one transaction and one fsync. `write` answers one
 * outcome per item, in order; each call settles with its own. If `write` throws, it wrote nothing and
 * every call of that group is rejected with its error. No call settles before its group was written.
 */
export class SameTurnGroups<T, R> {
  private pending: PendingCall<T, R>[] = [];
  private scheduled = false;

  constructor(
    private readonly write: (group: T[]) => GroupOutcome<R>[],
    private readonly maxGroup = 256,
  ) {}

  /** Joins the group written at the end of this turn. */
  add(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  /** Writes every call made so far, now (in groups of at most `maxGroup`): close paths use it. */
  flush(): void {
    this.scheduled = false;
    while (this.pending.length > 0) this.writeGroup(this.pending.splice(0, this.maxGroup));
  }

  private writeGroup(group: PendingCall<T, R>[]): void {
    let outcomes: GroupOutcome<R>[];
    try {
      outcomes = this.write(group.map((call) => call.item));
    } catch (error) {
      group.forEach((call) => call.reject(error));
      return;
    }
    group.forEach((call, i) => {
      const outcome = outcomes[i];
      if (outcome.ok) call.resolve(outcome.result);
      else call.reject(outcome.error);
    });
  }
}

/**
 * One outcome per item, each written by `inSavepoint` (a nested transaction, so a refused item rolls back
 * alone) inside the group's open transaction. A failure that ended the whole transaction (disk full, I/O
 * error: `stillInTransaction()` is false) is rethrown, so the group is refused having written nothing.
 */
export function outcomesInSavepoints<T, R>(
  group: T[],
  inSavepoint: (item: T) => R,
  stillInTransaction: () => boolean,
): GroupOutcome<R>[] {
  return group.map((item) => {
    try {
      return { ok: true, result: inSavepoint(item) };
    } catch (error) {
      if (!stillInTransaction()) throw error;
      return { ok: false, error };
    }
  });
}
