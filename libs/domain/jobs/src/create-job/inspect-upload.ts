import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { BlobStore } from '@lib/blobstore';
import { CsvDelimiter, CsvRecordReader, limitBytes } from '../csv';

/** Records kept to detect the header and the email column. */
const SAMPLE_RECORDS = 100;

export interface UploadInspection {
  sizeBytes: number;
  hasBom: boolean;
  delimiter: CsvDelimiter;
  /** Non-empty records, a header included. */
  records: number;
  /** The widest record's field count. */
  columnCount: number;
  sample: string[][];
}

/**
 * First pass over an upload: the bytes go unchanged to the blob store while the same bytes are parsed,
 * so a file that is too large, binary or not CSV is refused before it is fully read and without ever
 * being held in memory. The caller deletes the blob when this throws.
 */
export async function storeAndInspect(
  source: Readable | AsyncIterable<Buffer>,
  blobs: BlobStore,
  blobKey: string,
  maxBytes: number,
): Promise<UploadInspection> {
  const toBlob = new PassThrough();
  const stored = blobs.put(blobKey, toBlob, { contentType: 'text/csv' });
  stored.catch(() => undefined); // observed below; a parse error must not leave an unhandled rejection
  let sizeBytes = 0;
  async function* tee(): AsyncGenerator<Buffer> {
    for await (const chunk of limitBytes(source, maxBytes)) {
      sizeBytes += chunk.length;
      if (!toBlob.write(chunk)) await once(toBlob, 'drain');
      yield chunk;
    }
    toBlob.end();
  }
  const reader = new CsvRecordReader(tee());
  const sample: string[][] = [];
  let records = 0;
  let columnCount = 0;
  try {
    for await (const record of reader) {
      records++;
      columnCount = Math.max(columnCount, record.fields.length);
      if (sample.length < SAMPLE_RECORDS) sample.push(record.fields);
    }
  } catch (error) {
    toBlob.destroy();
    // The blob write must be over (failed, or finished when the error came at the very end) before
    // the caller deletes it, or a late rename would leave an orphan.
    await stored.catch(() => undefined);
    throw error;
  }
  await stored;
  return { sizeBytes, hasBom: reader.hasBom, delimiter: reader.delimiter ?? ',', records, columnCount, sample };
}
