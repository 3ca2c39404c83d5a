import { Inject, Injectable } from '@nestjs/common';
import type { RetentionConfig, RetentionRange } from '@lib/config';
import { aggregateStream, EventStore } from '@lib/eventstore';
import { retentionDecider } from '../domain/retention.decider';
import { retentionStream } from '../domain/retention.events';
import type { EffectiveRetention } from '../domain/effective-retention';
import { RETENTION_BOUNDS } from '../retention.config';

const within = (days: number, range: RetentionRange): number => Math.min(range.max, Math.max(range.min, days));

/** The retention in force for an account: what it chose, or the operator's defaults until it chooses. */
@Injectable()
export class AccountRetention {
  constructor(
    private readonly events: EventStore,
    @Inject(RETENTION_BOUNDS) readonly bounds: RetentionConfig,
  ) {}

  async of(accountId: string): Promise<EffectiveRetention> {
    const { state } = await aggregateStream(this.events, retentionStream(accountId), retentionDecider);
    // A choice made before the operator narrowed the bounds is held within today's.
    if (state.choice)
      return {
        historyDays: within(state.choice.historyDays, this.bounds.history),
        jobFilesDays: within(state.choice.jobFilesDays, this.bounds.jobFiles),
        chosen: true,
      };
    return { historyDays: this.bounds.history.default, jobFilesDays: this.bounds.jobFiles.default, chosen: false };
  }

  /** A memo for one sweep: each account's retention read once per pass, however many of its jobs or days it meets. */
  perPass(): (accountId: string) => Promise<EffectiveRetention> {
    const seen = new Map<string, Promise<EffectiveRetention>>();
    return (accountId) => {
      let found = seen.get(accountId);
      if (!found) seen.set(accountId, (found = this.of(accountId)));
      return found;
    };
  }
}
