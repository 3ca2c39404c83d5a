import type { DomainEvent, Upcasters } from '@lib/common';
import { aggregateStream, EventStore, readEvents, UpcastEvent } from '@lib/eventstore';
import { jobDecider, JobState, jobStream } from '../domain/job.decider';
import { ChunkCompleted, ChunkRetryScheduled, JobEvent } from '../domain/job.events';

const PAGE = 20;

/**
 * The job's state from its last two events: enough to know, even after a terminal event, which chunks
 * were recorded (a terminal event follows the snapshot-carrying event it ends).
 */
export async function loadJobState(events: EventStore, jobId: number): Promise<JobState> {
  return (await aggregateStream(events, jobStream(jobId), jobDecider, { latest: 2 })).state;
}

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

export interface RecordedChunk {
  completed: ChunkCompleted['data'];
  retry: ChunkRetryScheduled['data'] | null;
}

/** What was recorded for a bulk chunk: its results and the greylisting retry they scheduled. */
export async function findRecordedChunk(
  events: EventStore,
  jobId: number,
  chunkNo: number,
): Promise<RecordedChunk | null> {
  let retry: RecordedChunk['retry'] = null;
  let found: RecordedChunk | null = null;
  await scanJobStreamBackwards<JobEvent>(events, jobId, jobDecider.upcasters, (event) => {
    if (event.type === 'ChunkRetryScheduled' && event.data.fromChunkNo === chunkNo) retry = event.data;
    if (event.type === 'ChunkCompleted' && event.data.chunkNo === chunkNo) found = { completed: event.data, retry };
    return found !== null;
  });
  return found;
}
