import { fold } from '@lib/common';
import { EventStore } from '@lib/eventstore';
import { jobDecider, JobState, jobStream } from '../domain/job.decider';
import { ChunkCompleted, ChunkRetryScheduled, JobEvent } from '../domain/job.events';

const PAGE = 20;

/**
 * The job's state from its last two events: enough to know, even after a terminal event, which chunks
 * were recorded (a terminal event follows the snapshot-carrying event it ends).
 */
export async function loadJobState(events: EventStore, jobId: number): Promise<JobState> {
  const latest = await events.readStream(jobStream(jobId), { direction: 'backwards', maxCount: 2 });
  return fold(jobDecider, latest.reverse().map((e) => ({ type: e.type, data: e.data }) as JobEvent));
}

export interface RecordedChunk {
  completed: ChunkCompleted['data'];
  retry: ChunkRetryScheduled['data'] | null;
}

/**
 * What was recorded for a chunk, searching from the newest event back. Only used when a chunk message
 * is redelivered after its results were appended (a crash before the hold was settled), which is rare
 * and almost always concerns one of the latest events.
 */
export async function findRecordedChunk(events: EventStore, jobId: number, chunkNo: number): Promise<RecordedChunk | null> {
  let retry: RecordedChunk['retry'] = null;
  let fromRevision: number | undefined;
  for (;;) {
    const page = await events.readStream(jobStream(jobId), { direction: 'backwards', fromRevision, maxCount: PAGE });
    for (const event of page) {
      if (event.type === 'ChunkRetryScheduled' && event.data.fromChunkNo === chunkNo) retry = event.data;
      if (event.type === 'ChunkCompleted' && event.data.chunkNo === chunkNo) return { completed: event.data, retry };
    }
    const oldest = page[page.length - 1];
    if (page.length < PAGE || !oldest || oldest.revision === 0) return null;
    fromRevision = oldest.revision - 1;
  }
}
