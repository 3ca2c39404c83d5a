import { upcast } from '@lib/common';
import type { RecordedEvent } from '@lib/eventstore';
import { finderCallDecider } from '../domain/finder-call.decider';
import type { FinderCallEvent } from '../domain/finder-call.events';
import { finderJobDecider } from '../domain/finder-job.decider';
import type { FinderJobEvent } from '../domain/finder-job.events';
import type { FoundAddressReader } from './known-addresses.projection';

/** Which events teach the finder a domain's format, and where their found addresses are. */
export const FOUND_ADDRESS_READERS: Record<string, FoundAddressReader> = {
  EmailFound: (event: RecordedEvent) => {
    const found = upcast<FinderCallEvent>(event, finderCallDecider.upcasters);
    if (found.type !== 'EmailFound') return [];
    return [{ accountId: found.data.accountId, input: found.data.input, outcome: found.data.outcome }];
  },
  FinderChunkCompleted: (event: RecordedEvent) => {
    const completed = upcast<FinderJobEvent>(event, finderJobDecider.upcasters);
    if (completed.type !== 'FinderChunkCompleted') return [];
    const { accountId } = completed.data.snapshot;
    const { jobId } = completed.data;
    return completed.data.results.map((row) => ({ ...row, accountId, jobId }));
  },
};
