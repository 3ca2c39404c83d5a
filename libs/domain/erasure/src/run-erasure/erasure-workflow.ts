import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '@lib/common';
import { aggregateStream, EventStore, runCommand } from '@lib/eventstore';
import { DataKeyCache, DataKeyStore, erasureScope } from '@lib/personal-data';
import { erasureDecider } from '../domain/erasure.decider';
import { erasesByPrefix, erasureStream } from '../domain/erasure-stream';
import type { ErasureTarget } from '../domain/erasure.events';
import { ERASURE_CLEANUPS, type ErasureCleanup } from './erasure-cleanup';

/**
 * Runs one erasure to its end, from wherever it stands. Keys first: once ErasureKeysDestroyed is recorded,
 * nothing sealed under them opens (here at once, elsewhere after the key caches' time to live), so a crash
 * after it leaves nothing readable. Then the cleanup of read models, blobs and the bus, idempotent, then
 * ErasureCompleted. A step found recorded is not run again; a step run but not recorded (a crash between)
 * runs again and changes nothing more (destroying a destroyed key destroys nothing).
 */
@Injectable()
export class ErasureWorkflow {
  private readonly logger = new Logger('erasure');

  constructor(
    private readonly events: EventStore,
    private readonly keys: DataKeyStore,
    private readonly cache: DataKeyCache,
    private readonly clock: Clock,
    @Inject(ERASURE_CLEANUPS) private readonly cleanups: ErasureCleanup[],
  ) {}

  async run(accountId: string, erasureId: string): Promise<void> {
    const stream = erasureStream(accountId);
    const { state } = await aggregateStream(this.events, stream, erasureDecider);
    const progress = state[erasureId];
    if (!progress) return;
    if (progress.step === 'completed') return this.forgetRequest(accountId, erasureId);
    const { request } = progress;
    if (progress.step === 'requested') {
      await this.destroyKeys(request.target, request.scopes);
      const at = this.clock.now();
      await runCommand(this.events, stream, erasureDecider, {
        type: 'RecordKeysDestroyed',
        erasureId,
        at: new Date(at).toISOString(),
        inForceAt: new Date(at + this.cache.ttlMs).toISOString(),
      });
    }
    const cleanup = this.cleanups.find((c) => c.kind === request.target.kind);
    if (!cleanup) throw new Error(`no cleanup for erasures of kind ${request.target.kind}`);
    const removed = await cleanup.clean(request);
    await runCommand(this.events, stream, erasureDecider, {
      type: 'CompleteErasure',
      erasureId,
      removed,
      at: this.clock.nowIso(),
    });
    await this.forgetRequest(accountId, erasureId);
    this.logger.log(`erasure ${erasureId} of account ${accountId} completed`);
  }

  private async destroyKeys(target: ErasureTarget, scopes: string[]): Promise<void> {
    if (!erasesByPrefix(target)) {
      await this.keys.destroy(scopes);
      return this.cache.forget(scopes);
    }
    for (const prefix of scopes) {
      await this.keys.destroyPrefix(prefix);
      this.cache.forgetPrefix(prefix);
    }
  }

  /**
   * What the request sealed for the workflow alone (an address to find) becomes unreadable once the erasure
   * is recorded complete; run again on every redelivery, so a crash right after the record loses nothing.
   */
  private async forgetRequest(accountId: string, erasureId: string): Promise<void> {
    const scope = erasureScope(accountId, erasureId);
    await this.keys.destroy([scope]);
    this.cache.forget([scope]);
  }
}
