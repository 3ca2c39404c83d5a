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
    return found.type === 'EmailFound' ? [{ input: found.data.input, outcome: found.data.outcome }] : [];
  },
  FinderChunkCompleted: (event: RecordedEvent) => {
    const completed = upcast<FinderJobEvent>(event, finderJobDecider.upcasters);
    return completed.type === 'FinderChunkCompleted' ? completed.data.results : [];
  },
};
