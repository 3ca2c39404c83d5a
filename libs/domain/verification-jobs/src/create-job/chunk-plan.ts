import { Readable } from 'node:stream';
import { ChunkItem } from '../domain/verification-job.events';
import { AddressIndex } from './address-index';
import { CHUNK_TOPIC_PARTITIONS } from '../process-chunk/chunk-message';

export interface PlannedChunk {
  chunkNo: number;
  /**
   * Message key: `<domain>#<n>` for the n-th chunk of a large domain's part, a packed chunk's first
   * domain otherwise. Informational since plans carry `partition`; older stored plans have none, and
   * their chunks go where the key hashes.
   */
  key: string;
  /** The partition of VERIFICATION_CHUNK_TOPIC the chunk is published to: its lane's, see cutChunks. */
  partition?: number;
  items: ChunkItem[];
}

/**
 * Lanes a job's addresses are dealt into. A domain's addresses are split over up to this many lanes, and
 * lane j's chunks are published to partitions j, j + LANES, j + 2 LANES, ... A consumer group deals
 * partitions to its members in turn (partition p to member p mod n), so with n workers dividing LANES
 * every worker gets the same share of every domain: each probes it under its own per-MX limits (its own
 * egress address), and a second worker halves the time of a list bound by slow MXes. With every domain in
 * one chunk, as before, one worker probed each domain whatever the number of workers.
 */
export const CHUNK_LANES = 4;
/** A domain is split only into parts at least this large: a part costs its own SMTP sessions (about 9 addresses each on a mostly invalid list). */
export const MIN_LANE_PART = 20;

/**
 * Cuts the addresses into chunks of at most `chunkSize`, grouped by domain. Each domain is split into up
 * to CHUNK_LANES contiguous parts of at least MIN_LANE_PART addresses, dealt to consecutive lanes; a
 * domain too small to split joins the open packed chunk of one lane, the next lane once that chunk is
 * full (so a job smaller than a chunk is one chunk). Within a lane, small parts are packed whole,
 * never split, into shared chunks keyed by their first domain (emitted first); a part of `chunkSize` or
 * more fills chunks of its own, keyed `<domain>#<n>`, the large parts taking turns chunk by chunk. The
 * lanes' chunks are emitted in turn, the i-th chunk of lane j on partition (i * CHUNK_LANES + j) modulo
 * `partitions` (a multiple of CHUNK_LANES), each lane starting at its own point of the domain order.
 * Politeness to one MX does not depend on the lanes: every chunk a worker runs shares its per-MX pool
 * (limits, pacing, learned caps).
 */
export function* cutChunks(
  index: AddressIndex,
  chunkSize: number,
  partitions = CHUNK_TOPIC_PARTITIONS,
  lanes = CHUNK_LANES,
): Generator<PlannedChunk> {
  const laneParts: Int32Array[][] = Array.from({ length: lanes }, () => []);
  // Rows in each lane's open packed chunk, as cutLane will pack them: a domain too small to split joins the
  // open chunk of the current packing lane, which moves on each time a chunk fills, so a small job stays one
  // chunk and a list of many small domains still fills the lanes in turn.
  const packed = new Array<number>(lanes).fill(0);
  const place = (lane: number, part: Int32Array) => {
    laneParts[lane].push(part);
    if (part.length >= chunkSize) return;
    packed[lane] = packed[lane] + part.length > chunkSize ? part.length : packed[lane] + part.length;
  };
  let packLane = 0;
  let nextLane = 0;
  for (const group of byDomain(index)) {
    const parts = Math.max(1, Math.min(lanes, Math.floor(group.length / MIN_LANE_PART)));
    if (parts === 1 && group.length < chunkSize) {
      if (packed[packLane] > 0 && packed[packLane] + group.length > chunkSize) packLane = (packLane + 1) % lanes;
      place(packLane, group);
      continue;
    }
    for (let j = 0; j < parts; j++) {
      const from = Math.floor((group.length * j) / parts);
      place((nextLane + j) % lanes, group.subarray(from, Math.floor((group.length * (j + 1)) / parts)));
    }
    nextLane = (nextLane + parts) % lanes;
  }
  // Each lane starts at its own point of the domain order (lane j a j/lanes of the way in): the lanes' i-th
  // chunks, which are in flight together, then hold different domains rather than the same domains' parts,
  // so the first chunks a worker runs keep every MX of the list busy instead of a few at their limits.
  const cutters = laneParts.map((parts, lane) =>
    cutLane(index, rotate(parts, Math.floor((parts.length * lane) / lanes)), chunkSize),
  );
  let chunkNo = 0;
  for (let round = 0, live = lanes; live > 0; round++) {
    live = 0;
    for (let lane = 0; lane < lanes; lane++) {
      const next = cutters[lane].next();
      if (next.done) continue;
      live++;
      const partition = (round * lanes + lane) % partitions;
      yield { chunkNo: chunkNo++, key: next.value.key, partition, items: next.value.items };
    }
  }
}

/** The items from `start` on, then those before it. */
const rotate = <T>(items: T[], start: number): T[] => [...items.slice(start), ...items.slice(0, start)];

/** One lane's chunks: its small parts packed whole (first), then its large parts taking turns chunk by chunk. */
function* cutLane(
  index: AddressIndex,
  parts: Int32Array[],
  chunkSize: number,
): Generator<Omit<PlannedChunk, 'chunkNo' | 'partition'>> {
  let packed: number[] = [];
  const emit = (members: ArrayLike<number>, part?: number) => {
    const domain = index.domains[index.domainIds[members[0]]];
    return {
      key: part === undefined ? domain : `${domain}#${part}`,
      items: Array.from(members, (i) => ({
        email: index.emails[i],
        canonical: index.canonicals[i],
        firstRow: index.firstRows[i],
        rows: index.rowCounts[i],
      })),
    };
  };
  const large: Int32Array[] = [];
  for (const group of parts) {
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
  // Large parts take turns, chunk by chunk: the chunks in flight (dispatched in plan order) then go
  // to different MXes, each with its own per-MX limits, instead of queuing on one MX's pool.
  for (let part = 0, left = large.length; left > 0; part++) {
    left = 0;
    for (const group of large) {
      const k = part * chunkSize;
      if (k >= group.length) continue;
      yield emit(group.subarray(k, k + chunkSize), part);
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
