import { Injectable } from '@nestjs/common';
import { Clock, DomainError } from '@lib/common';
import { aggregateStream, EventStore } from '@lib/eventstore';
import { erasureDecider } from '../domain/erasure.decider';
import { erasureReceipt, type ErasureReceipt } from '../domain/erasure-receipt';
import { erasureStream } from '../domain/erasure-stream';

/**
 * Receipts read from the account's erasure stream itself (a handful of events per erasure): a receipt is
 * shown to an auditor, so it comes from the record, not from a read model that could lag or be rebuilt.
 */
@Injectable()
export class ErasureReceipts {
  constructor(
    private readonly events: EventStore,
    private readonly clock: Clock,
  ) {}

  async get(accountId: string, erasureId: string): Promise<ErasureReceipt> {
    const receipt = (await this.list(accountId)).find((r) => r.erasureId === erasureId);
    if (!receipt) throw new DomainError('ERASURE_NOT_FOUND');
    return receipt;
  }

  /** The account's erasures, newest first. */
  async list(accountId: string): Promise<ErasureReceipt[]> {
    const { state } = await aggregateStream(this.events, erasureStream(accountId), erasureDecider);
    const now = this.clock.nowIso();
    return Object.values(state)
      .map((progress) => erasureReceipt(progress, now))
      .reverse();
  }
}
