import { aggregateStream, EventStore } from '@lib/eventstore';
import { jobStream, scanJobStreamBackwards } from '@lib/jobs';
import { verificationJobDecider, VerificationJobState } from '../domain/verification-job.decider';
import { ChunkCompleted, ChunkRetryScheduled, VerificationJobEvent } from '../domain/verification-job.events';

/**
 * The job's state from its last two events: enough to know, even after a terminal event, which chunks
 * were recorded (a terminal event follows the snapshot-carrying event it ends).
 */
export async function loadVerificationJobState(events: EventStore, jobId: number): Promise<VerificationJobState> {
  return (await aggregateStream(events, jobStream(jobId), verificationJobDecider, { latest: 2 })).state;
}

export interface RecordedChunk {
  completed: ChunkCompleted['data'];
  /** The chunks it scheduled: a greylisting retry, the remainder its hold could not pay for, or both. */
  later: ChunkRetryScheduled['data'][];
}

/** What was recorded for a bulk chunk: its results and the chunks they scheduled. */
export async function findRecordedChunk(
  events: EventStore,
  jobId: number,
  chunkNo: number,
): Promise<RecordedChunk | null> {
  const later: RecordedChunk['later'] = [];
  let found: RecordedChunk | null = null;
  await scanJobStreamBackwards<VerificationJobEvent>(events, jobId, verificationJobDecider.upcasters, (event) => {
    if (event.type === 'ChunkRetryScheduled' && event.data.fromChunkNo === chunkNo) later.unshift(event.data);
    if (event.type === 'ChunkCompleted' && event.data.chunkNo === chunkNo) found = { completed: event.data, later };
    return found !== null;
  });
  return found;
}
