import { Injectable } from '@nestjs/common';
import { ReadStore } from '@lib/readstore';

/** How often a chunk in flight writes its row count: progress moves at least once a second. */
export const PROGRESS_REPORT_MS = 500;

/**
 * Rows done so far by a chunk in flight (collection `job_chunk_progress`). Not an event: it is a live
 * gauge, overwritten while the chunk works and deleted once the chunk's results are recorded (or the
 * record found on a redelivery), so job events stay one per chunk however slowly a chunk runs.
 */
export interface ChunkProgressDoc {
  _id: string;
  jobId: number;
  chunkNo: number;
  rowsDone: number;
}

export const CHUNK_PROGRESS_COLLECTION = 'job_chunk_progress';

export interface ChunkProgressReporter {
  /** Counts rows as done (duplicate rows of one address count as the address is answered). */
  add(rows: number): void;
  /** Stops reporting and waits for a write under way, so no gauge is written after the record. */
  stop(): Promise<void>;
}

/** Where chunks in flight publish their rows done, and where both job kinds' views read them back. */
@Injectable()
export class ChunkProgressBoard {
  constructor(private readonly readStore: ReadStore) {}

  private get gauges() {
    return this.readStore.collection<ChunkProgressDoc>(CHUNK_PROGRESS_COLLECTION);
  }

  reporter(jobId: number, chunkNo: number, intervalMs = PROGRESS_REPORT_MS): ChunkProgressReporter {
    let rowsDone = 0;
    let written = 0;
    let writing: Promise<void> = Promise.resolve();
    const write = () => {
      if (rowsDone === written) return;
      written = rowsDone;
      // A lost gauge write only delays progress until the next one or the record.
      writing = writing
        .then(() => this.gauges.upsert({ _id: `${jobId}:${chunkNo}`, jobId, chunkNo, rowsDone: written }))
        .catch(() => undefined);
    };
    const timer = setInterval(write, intervalMs);
    return {
      add(rows) {
        rowsDone += rows;
      },
      async stop() {
        clearInterval(timer);
        await writing;
      },
    };
  }

  /** Drops a chunk's gauge once its rows are counted by its record (or will never be). */
  async clear(jobId: number, chunkNo: number): Promise<void> {
    await this.gauges.delete(`${jobId}:${chunkNo}`);
  }

  /** Rows done by the job's chunks in flight, not yet in the job's recorded counts. */
  async rowsInFlight(jobId: number): Promise<number> {
    const gauges = await this.gauges.find({ filter: { jobId } });
    return gauges.reduce((sum, gauge) => sum + gauge.rowsDone, 0);
  }
}
