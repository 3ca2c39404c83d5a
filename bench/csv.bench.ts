// Parses a generated 500,000-row (~50 MB) upload from disk the way the API will: file stream
// -> 50 MB byte limit -> CSV records. Prints rows/s, MB/s and peak memory.
// Run: node -r ./scripts/register-ts.js bench/csv.bench.ts [rows]
import { createReadStream, createWriteStream, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvRecordReader } from '@lib/jobs';
import { limitBytes, syntheticCsv } from '@lib/jobs/testing';

const MB = 1024 * 1024;
const rows = Number(process.argv[2] ?? 500_000);

async function main(): Promise<void> {
  const atStart = process.memoryUsage().rss; // node + the swc TypeScript hook
  const file = join(tmpdir(), `csv-bench-${process.pid}.csv`);
  await pipeline(Readable.from(syntheticCsv(rows)), createWriteStream(file));
  const size = statSync(file).size;
  try {
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    let records = 0;
    let emailChars = 0;
    const started = process.hrtime.bigint();
    const reader = new CsvRecordReader(limitBytes(createReadStream(file, { highWaterMark: 64 * 1024 }), 60 * MB));
    for await (const record of reader) {
      records++;
      emailChars += record.fields[1].length; // touch a field so nothing is optimised away
      if (records % 5_000 === 0) {
        const now = process.memoryUsage();
        peakRss = Math.max(peakRss, now.rss);
        peakHeap = Math.max(peakHeap, now.heapUsed);
      }
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const report = {
      file: `${(size / MB).toFixed(1)} MB, ${records.toLocaleString('en')} records (header included), delimiter ${JSON.stringify(reader.delimiter)}`,
      seconds: seconds.toFixed(2),
      rowsPerSecond: Math.round(records / seconds).toLocaleString('en'),
      mbPerSecond: (size / MB / seconds).toFixed(1),
      rssAtStartMb: (atStart / MB).toFixed(1),
      rssBeforeParseMb: (before.rss / MB).toFixed(1),
      peakRssDuringParseMb: (peakRss / MB).toFixed(1),
      processMaxRssMb: (process.resourceUsage().maxRSS / 1024).toFixed(1),
      heapBeforeMb: (before.heapUsed / MB).toFixed(1),
      peakHeapDuringParseMb: (peakHeap / MB).toFixed(1),
      emailChars,
      // Throughput on a shared machine depends on the load: print it with the figures.
      machine: `${cpus().length} cores, load average ${loadavg()[0].toFixed(1)}`,
    };
    console.log(report);
  } finally {
    rmSync(file, { force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
