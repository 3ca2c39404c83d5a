import { createReadStream, createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileBlobStore } from '../libs/blobstore/src/embedded/file-blob-store';
import { syntheticCsv } from '../libs/jobs/src/csv/synthetic-csv';
import { storeAndInspect } from '../libs/jobs/src/create-job/inspect-upload';
import { indexAddresses } from '../libs/jobs/src/create-job/address-index';
import { cutChunks, planLines } from '../libs/jobs/src/create-job/chunk-plan';

async function main() {
  const rows = Number(process.argv[2]);
  const dir = mkdtempSync(join(tmpdir(), 'mem-'));
  const file = join(dir, 'in.csv');
  await pipeline(Readable.from(syntheticCsv(rows)), createWriteStream(file));
  const blobs = new FileBlobStore(join(dir, 'blobs'));
  let peak = process.memoryUsage().rss; const base = peak;
  const t = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = Date.now();
  const insp = await storeAndInspect(createReadStream(file), blobs, 'orig', 60 * 1024 * 1024);
  const p1 = peak;
  const index = await indexAddresses(await blobs.get('orig'), insp.delimiter, true, 1, 500_000);
  const p2 = peak;
  const counter = { chunks: 0 };
  await blobs.put('plan', planLines(cutChunks(index, 200), counter));
  clearInterval(t);
  console.log(JSON.stringify({ rows, baseMB: base >> 20, afterStoreMB: p1 >> 20, afterIndexMB: p2 >> 20, peakMB: peak >> 20, heapNowMB: process.memoryUsage().heapUsed >> 20, seconds: (Date.now() - t0) / 1000, chunks: counter.chunks }));
}
main();
