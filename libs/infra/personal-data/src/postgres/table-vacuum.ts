import type { Pool } from 'pg';

/**
 * Vacuums the key table after keys were deleted, so a destroyed key's row is pruned from its page before the
 * erasure reports done, instead of whenever autovacuum comes by. What VACUUM does: it frees the dead rows'
 * space, and compacting the page moves the live rows over it; the bytes of a dead row that sat last on its
 * page stay in the freed gap until the page is written again. Copies in the write-ahead log, in replicas'
 * and backups' history, and in disk blocks freed by the file system are out of its reach: what makes all of
 * them useless is that a wrapped key opens only with the master key (docs/personal-data.md, Deleting keys).
 * Deletes that arrive while a vacuum runs share the next one.
 */
export class TableVacuum {
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;

  constructor(
    private readonly pool: Pool,
    private readonly table: string,
  ) {}

  /** Resolves once a vacuum that started after this call has finished. */
  afterDeletes(): Promise<void> {
    if (this.next) return this.next;
    if (!this.running) return (this.running = this.run());
    // The one under way may have begun before these deletes committed, and would keep their rows.
    this.next = this.running
      .catch(() => undefined)
      .then(() => {
        this.next = null;
        return (this.running = this.run());
      });
    return this.next;
  }

  private run(): Promise<void> {
    const vacuum: Promise<void> = this.pool
      .query(`VACUUM ${this.table}`)
      .then(() => undefined)
      .finally(() => {
        if (this.running === vacuum) this.running = null;
      });
    return vacuum;
  }

  /** Waits for any vacuum under way (before the pool closes). */
  async settled(): Promise<void> {
    await Promise.allSettled([this.running, this.next]);
  }
}
