import { CsvRecordReader } from './csv-record-reader';
import { syntheticCsv } from './synthetic-csv';

const MB = 1024 * 1024;

describe('CSV record reader on a 50 MB upload', () => {
  it('parses every row with memory that does not grow with the file', async () => {
    const baseline = process.memoryUsage();
    let peakHeap = baseline.heapUsed;
    let peakRss = baseline.rss;
    const sample = () => {
      const now = process.memoryUsage();
      peakHeap = Math.max(peakHeap, now.heapUsed);
      peakRss = Math.max(peakRss, now.rss);
    };
    let bytes = 0;
    let chunks = 0;
    // Sampling as chunks are pulled too, so a reader that buffers the input is caught.
    function* counted() {
      for (const chunk of syntheticCsv(500_000)) {
        bytes += chunk.length;
        if (++chunks % 16 === 0) sample();
        yield chunk;
      }
    }
    let records = 0;
    for await (const record of new CsvRecordReader(counted())) {
      records++;
      if (record.fields.length !== 6) throw new Error(`record ${record.index} has ${record.fields.length} fields`);
      if (records % 10_000 === 0) sample();
    }
    expect(bytes).toBeGreaterThan(50 * MB);
    expect(records).toBe(500_001);
    // Measured growth is ~25 MB heap / ~30 MB RSS (warm-up and garbage between GCs).
    // Holding the file (50 MB as bytes or as a string, far more as records) exceeds these.
    expect((peakHeap - baseline.heapUsed) / MB).toBeLessThan(40);
    expect((peakRss - baseline.rss) / MB).toBeLessThan(45);
  }, 120_000); // ~3 s alone; the generous timeout is for a shared, loaded machine
});
