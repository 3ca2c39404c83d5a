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
  const order = Array.from({ length: index.size }, (_, i) => i);
  const domains = order.map((i) => index.domainOf(i));
  order.sort((a, b) => (domains[a] < domains[b] ? -1 : domains[a] > domains[b] ? 1 : a - b));
  let chunkNo = 0;
  let packed: number[] = [];
  const emit = (members: number[]): PlannedChunk => ({
    chunkNo: chunkNo++,
    key: domains[members[0]],
    items: members.map((i) => ({ email: index.emails[i], canonical: index.canonicals[i], firstRow: index.firstRows[i], rows: index.rowCounts[i] })),
  });
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end < order.length && domains[order[end]] === domains[order[start]]) end++;
    const group = order.slice(start, end);
    start = end;
    if (group.length >= chunkSize) {
      for (let k = 0; k < group.length; k += chunkSize) yield emit(group.slice(k, k + chunkSize));
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

/** The plan as stored in the blob store: one JSON chunk per line, so it can be streamed back and republished. */
export function planLines(chunks: Iterable<PlannedChunk>, counter: { chunks: number }): Readable {
  return Readable.from((function* () {
    for (const chunk of chunks) {
      counter.chunks++;
      yield Buffer.from(`${JSON.stringify(chunk)}\n`);
    }
  })());
}
