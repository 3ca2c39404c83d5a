import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '@lib/common';
import { ReadStore } from '@lib/readstore';

export const KEY_LAST_USED_COLLECTION = 'api_key_last_used';
/** Last-used times are shown to the minute; writing more often would add a write to every request. */
const RESOLUTION_MS = 60_000;

export interface KeyLastUsedDoc {
  _id: string;
  lastUsedAt: string;
}

/**
 * When each key last authenticated a request, for the dashboard's key list. Telemetry, not an
 * event: it changes no decision, so it is written straight to its own collection, at most once a
 * minute per key and process, and never fails the request it observes.
 */
@Injectable()
export class KeyLastUsed {
  private readonly logger = new Logger('key-last-used');
  private readonly written = new Map<string, number>();

  constructor(
    private readonly readStore: ReadStore,
    private readonly clock: Clock,
  ) {}

  touch(keyId: string): void {
    const now = this.clock.now();
    if (now - (this.written.get(keyId) ?? -Infinity) < RESOLUTION_MS) return;
    this.written.set(keyId, now);
    if (this.written.size > 100_000) this.written.clear();
    this.readStore
      .collection<KeyLastUsedDoc>(KEY_LAST_USED_COLLECTION)
      .upsert({ _id: keyId, lastUsedAt: new Date(now).toISOString() })
      .catch((error: Error) => this.logger.warn(`could not record last use of ${keyId}: ${error.message}`));
  }

  async of(keyIds: string[]): Promise<Map<string, string>> {
    if (keyIds.length === 0) return new Map();
    const docs = await this.readStore
      .collection<KeyLastUsedDoc>(KEY_LAST_USED_COLLECTION)
      .find({ filter: { _id: { $in: keyIds } } });
    return new Map(docs.map((doc) => [doc._id, doc.lastUsedAt]));
  }
}
