import { createInterface } from 'node:readline';
import { BlobStore } from '@lib/blobstore';
import { PlannedChunk } from '../create-job/chunk-plan';

/** Streams a stored chunk plan back in batches, never holding more than one batch. */
export async function* readPlan(blobs: BlobStore, planKey: string, batchSize: number): AsyncGenerator<PlannedChunk[]> {
  const lines = createInterface({ input: await blobs.get(planKey), crlfDelay: Infinity });
  let batch: PlannedChunk[] = [];
  for await (const line of lines) {
    if (!line) continue;
    batch.push(JSON.parse(line) as PlannedChunk);
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
