import type { DomainEvent, Upcasters } from '@lib/common';
import { EventStore, readEvents, UpcastEvent } from '@lib/eventstore';
import { jobStream } from '../domain/job-stream';

const PAGE = 20;

/**
 * Visits a job's events from the newest back until `visit` returns true. Only used when a chunk message
 * is redelivered after its results were appended, which is rare and almost always concerns one of the
 * latest events. Both job kinds live on `jobs-<id>`: each reads it with its own decider's upcasters.
 */
export async function scanJobStreamBackwards<E extends DomainEvent>(
  events: EventStore,
  jobId: number,
  upcasters: Upcasters<E> | undefined,
  visit: (event: UpcastEvent<E>) => boolean,
): Promise<void> {
  let fromRevision: number | undefined;
  for (;;) {
    const page = await readEvents(events, jobStream(jobId), upcasters, {
      direction: 'backwards',
      fromRevision,
      maxCount: PAGE,
    });
    if (page.some(visit)) return;
    const oldest = page[page.length - 1];
    if (page.length < PAGE || !oldest || oldest.revision === 0) return;
    fromRevision = oldest.revision - 1;
  }
}
