import { Readable } from 'node:stream';
import { ChunkItem } from '../domain/job.events';
import { AddressIndex } from './address-index';

export interface PlannedChunk {
  chunkNo: number;
  /**
   * Message key, which picks the partition: `<domain>#<n>` for the n-th chunk of a large domain, so its
   * chunks spread over the partitions and run side by side (one partition works its messages one at a
   * time, so a domain key would queue a large domain's chunks, and every domain hashed to the same
   * partition, behind each other); a packed chunk is keyed by its first domain.
   */
  key: string;
  items: ChunkItem[];
}

/**
 * Cuts the addresses into chunks of at most `chunkSize`, grouped by domain: small domains are packed
 * whole, never split, into shared chunks keyed by their first domain (emitted first); a large domain
 * fills chunks of its own, keyed `<domain>#<n>` (spread over the partitions), the large domains taking
 * turns chunk by chunk. Politeness to one MX does not
 * depend on the key: every chunk a worker runs shares its per-MX pool (limits, pacing, learned caps).
 */
export function* cutChunks(index: AddressIndex, chunkSize: number): Generator<PlannedChunk> {
  let chunkNo = 0;
  let packed: number[] = [];
  const emit = (members: number[], part?: number): PlannedChunk => ({
    chunkNo: chunkNo++,
    key:
      part === undefined
        ? index.domains[index.domainIds[members[0]]]
        : `${index.domains[index.domainIds[members[0]]]}#${part}`,
    items: members.map((i) => ({
      email: index.emails[i],
      canonical: index.canonicals[i],
      firstRow: index.firstRows[i],
      rows: index.rowCounts[i],
    })),
  });
  const large: Int32Array[] = [];
  for (const group of byDomain(index)) {
    if (group.length >= chunkSize) {
      large.push(group);
      continue;
    }
    if (packed.length + group.length > chunkSize) {
      yield emit(packed);
      packed = [];
    }
    packed.push(...group);
  }
  if (packed.length > 0) yield emit(packed);
  // Large domains take turns, chunk by chunk: the chunks in flight (dispatched in plan order) then go
  // to different MXes, each with its own per-MX limits, instead of queuing on one MX's pool.
  for (let part = 0, left = large.length; left > 0; part++) {
    left = 0;
    for (const group of large) {
      const k = part * chunkSize;
      if (k >= group.length) continue;
      yield emit(Array.from(group.subarray(k, k + chunkSize)), part);
      if (k + chunkSize < group.length) left++;
    }
  }
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
  return Readable.from(
    (function* () {
      for (const chunk of chunks) {
        counter.chunks++;
        yield Buffer.from(`${JSON.stringify(chunk)}\n`);
      }
    })(),
  );
}
