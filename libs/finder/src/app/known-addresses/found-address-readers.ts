import type { RecordedEvent } from '@lib/eventstore';
import type { EmailFound } from '../domain/finder-call.events';
import type { FinderChunkCompleted } from '../jobs/finder-job.events';
import type { FoundAddressReader } from './known-addresses.projection';

/** Which events teach the finder a domain's format, and where their found addresses are. */
export const FOUND_ADDRESS_READERS: Record<string, FoundAddressReader> = {
  EmailFound: (event: RecordedEvent) => {
    const { input, outcome } = event.data as EmailFound['data'];
    return [{ input, outcome }];
  },
  FinderChunkCompleted: (event: RecordedEvent) => (event.data as FinderChunkCompleted['data']).results,
};
