import { Readable } from 'node:stream';
import { ChunkItem } from '../domain/job.events';
import { AddressIndex } from './address-index';

export interface PlannedChunk {
  chunkNo: number;
  /** Message key: a domain, so one domain's addresses meet in one worker and share SMTP sessions. */
  key: string;
  items: ChunkItem[];
}

/**
 * Cuts the addresses into chunks of at most `chunkSize`, grouped by domain: a large domain fills
 * chunks of its own (all keyed by it, hence handled by one worker in order); small domains are packed
 * whole, never split, into shared chunks keyed by their first domain.
 */
export function* cutChunks(index: AddressIndex, chunkSize: number): Generator<PlannedChunk> {
  let chunkNo = 0;
  let packed: number[] = [];
  const emit = (members: number[]): PlannedChunk => ({
    chunkNo: chunkNo++,
    key: index.domains[index.domainIds[members[0]]],
    items: members.map((i) => ({ email: index.emails[i], canonical: index.canonicals[i], firstRow: index.firstRows[i], rows: index.rowCounts[i] })),
  });
  for (const group of byDomain(index)) {
    if (group.length >= chunkSize) {
      for (let k = 0; k < group.length; k += chunkSize) yield emit(Array.from(group.subarray(k, k + chunkSize)));
      continue;
    }
    if (packed.length + group.length > chunkSize) {
      yield emit(packed);
      packed = [];
    }
    packed.push(...group);
  }
  if (packed.length > 0) yield emit(packed);
}

/** Address indices grouped by domain (domains in first-seen order, addresses in file order): a counting sort, 4 bytes per address. */
function* byDomain(index: AddressIndex): Generator<Int32Array> {
  const starts = new Int32Array(index.domains.length + 1);
  for (const id of index.domainIds) starts[id + 1]++;
  for (let d = 0; d < index.domains.length; d++) starts[d + 1] += starts[d];
  const order = new Int32Array(index.size);
  const next = starts.slice(0, index.domains.length);
  index.domainIds.forEach((id, i) => (order[next[id]++] = i));
  for (let d = 0; d < index.domains.length; d++) yield order.subarray(starts[d], starts[d + 1]);
}

/** The plan as stored in the blob store: one JSON chunk per line, so it can be streamed back and republished. */
export function planLines(chunks: Iterable<PlannedChunk>, counter: { chunks: number }): Readable {
  return Readable.from((function* () {
    for (const chunk of chunks) {
      counter.chunks++;
      yield Buffer.from(`${JSON.stringify(chunk)}\n`);
    }
  })());
}
