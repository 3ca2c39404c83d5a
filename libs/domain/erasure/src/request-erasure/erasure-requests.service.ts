import { Injectable } from '@nestjs/common';
import { Clock, DomainError } from '@lib/common';
import { EventStore, runCommand } from '@lib/eventstore';
import { DataKeyStore, jobScope } from '@lib/personal-data';
import { erasureDecider } from '../domain/erasure.decider';
import type { ErasureRequester, ErasureTarget } from '../domain/erasure.events';
import { erasureReceipt, type ErasureReceipt } from '../domain/erasure-receipt';
import { erasesByPrefix, erasureStream, jobErasureId } from '../domain/erasure-stream';

/** A job as the erasure request sees it (any kind's view has these). */
export interface ErasableJob {
  id: number;
  kind: string;
  status: string;
}

const ENDED = new Set(['Completed', 'Failed', 'Cancelled']);

/**
 * Records erasures asked for; the worker runs them (ErasureWorkflow, from events.erasures). Answers the
 * receipt as it stands: `erasing` until the keys are destroyed, the stores cleaned and the key caches expired.
 */
@Injectable()
export class ErasureRequests {
  constructor(
    private readonly events: EventStore,
    private readonly keys: DataKeyStore,
    private readonly clock: Clock,
  ) {}

  /** "Delete now" of one ended job of the account (the caller has read it as the account's). */
  async eraseJob(accountId: string, job: ErasableJob, requestedBy: ErasureRequester): Promise<ErasureReceipt> {
    if (!ENDED.has(job.status)) throw new DomainError('JOB_NOT_ENDED');
    const target: ErasureTarget = { kind: 'job', jobId: job.id, jobKind: job.kind };
    return this.request(accountId, jobErasureId(job.id), target, [jobScope(accountId, job.id)], requestedBy);
  }

  /** Records an erasure (a retried request with the same id records nothing) and answers its receipt. */
  async request(
    accountId: string,
    erasureId: string,
    target: ErasureTarget,
    scopes: string[],
    requestedBy: ErasureRequester,
    extra: { address?: string; keysHeld?: number } = {},
  ): Promise<ErasureReceipt> {
    // An account's scopes are prefixes, counted (keysHeld) rather than listed.
    const keyGenerations = erasesByPrefix(target)
      ? []
      : [...(await this.keys.existing(scopes)).values()].map((key) => key.keyId);
    const run = await runCommand(this.events, erasureStream(accountId), erasureDecider, {
      type: 'RequestErasure',
      erasureId,
      accountId,
      target,
      scopes,
      keyGenerations,
      requestedBy,
      requestedAt: this.clock.nowIso(),
      ...(extra.address ? { address: extra.address } : {}),
      ...(extra.keysHeld !== undefined ? { keysHeld: extra.keysHeld } : {}),
    });
    return erasureReceipt(run.state[erasureId], this.clock.nowIso());
  }
}
