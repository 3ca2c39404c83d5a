import { Readable } from 'node:stream';
import type { BlobStore } from '@lib/blobstore';
import { CsvRecordReader, UTF8_BOM, type CsvRecord } from '../csv';
import type { CsvDownloadSource } from '../download-job/csv-download';

/** What every field of a row erased for a data subject's request reads (the row keeps its place and width). */
const ERASED_CELL = '[erased]';

/** Whether a record is already erased (a rewrite run again finds it so and changes nothing). */
export const isErasedRecord = (record: CsvRecord): boolean =>
  record.fields.length > 0 && record.fields.every((field) => field === ERASED_CELL);

/**
 * Rewrites a job's uploaded file with the rows `erase` picks turned into ERASED_CELL in every field, every
 * other record written back byte for byte (so record indexes, which row results are keyed by, stay the same).
 * The file is read once to find such rows and rewritten only when there is one; answers how many rows it
 * erased this time (0 on a run again). The new file is staged beside the old one and copied over it, so a
 * crash leaves either file whole.
 */
export async function eraseRowsInOriginal(
  blobs: BlobStore,
  source: Pick<CsvDownloadSource, 'blobKey' | 'delimiter' | 'hasBom'>,
  erase: (record: CsvRecord) => boolean,
): Promise<number> {
  if (!(await blobs.stat(source.blobKey))) return 0;
  let found = 0;
  for await (const record of new CsvRecordReader(await blobs.get(source.blobKey), { delimiter: source.delimiter }))
    if (!isErasedRecord(record) && erase(record)) found++;
  if (found === 0) return 0;
  const staged = `${source.blobKey}.erasing`;
  await blobs.put(staged, Readable.from(rewritten(blobs, source, erase)));
  await blobs.put(source.blobKey, await blobs.get(staged));
  await blobs.delete(staged);
  return found;
}

async function* rewritten(
  blobs: BlobStore,
  source: Pick<CsvDownloadSource, 'blobKey' | 'delimiter' | 'hasBom'>,
  erase: (record: CsvRecord) => boolean,
): AsyncGenerator<Buffer> {
  if (source.hasBom) yield Buffer.from(UTF8_BOM, 'utf8');
  const reader = new CsvRecordReader(await blobs.get(source.blobKey), { delimiter: source.delimiter });
  for await (const record of reader) {
    const text =
      !isErasedRecord(record) && erase(record)
        ? record.fields.map(() => ERASED_CELL).join(source.delimiter)
        : record.raw;
    yield Buffer.from(text + record.lineTerminator, 'utf8');
  }
}
