// Finder job events are stored forever; these upcasters read the shapes they were stored in before
// today's (finderJobDecider.upcasters: every reader of the stream applies them, libs/shared/common upcasting.ts).
import type { StoredEvent, Upcaster, Upcasters } from '@lib/common';
import { chunksBitmap } from '@lib/jobs';
import type { FinderJobEvent, FinderJobSnapshot } from './finder-job.events';

/** A snapshot as stored before done chunks were a bitmap: the list of recorded chunk numbers. */
type StoredSnapshot = Omit<FinderJobSnapshot, 'doneChunks'> & {
  doneChunks: FinderJobSnapshot['doneChunks'] | number[];
};

/**
 * An event carrying a snapshot whose done chunks may be the list of chunk numbers stored before they
 * became the bitmap bulk jobs use: the list becomes that bitmap; a bitmap is handed back unchanged.
 */
export const snapshotDoneChunksAsBitmap: Upcaster<FinderJobEvent> = (stored: StoredEvent) => {
  const data = stored.data as { snapshot: StoredSnapshot };
  if (!Array.isArray(data.snapshot.doneChunks)) return stored as FinderJobEvent;
  return {
    type: stored.type,
    data: { ...data, snapshot: { ...data.snapshot, doneChunks: chunksBitmap(data.snapshot.doneChunks) } },
  } as FinderJobEvent;
};

/** Every stored type whose payload carries a snapshot. */
export const FINDER_JOB_UPCASTERS: Upcasters<FinderJobEvent> = {
  FinderJobCreated: snapshotDoneChunksAsBitmap,
  FinderJobStarted: snapshotDoneChunksAsBitmap,
  FinderChunkCompleted: snapshotDoneChunksAsBitmap,
  FinderJobCancelled: snapshotDoneChunksAsBitmap,
};
