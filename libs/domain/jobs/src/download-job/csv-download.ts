import { BlobStore } from '@lib/blobstore';
import { CsvDelimiter, CsvRecord, CsvRecordReader, formatResultHeader, formatResultRow, UTF8_BOM } from '../csv';
import type { ResultCells } from './stored-cells';

/** How the stored original is read back. */
export interface CsvDownloadSource {
  blobKey: string;
  delimiter: CsvDelimiter;
  hasBom: boolean;
  hasHeader: boolean;
  columnCount: number;
}

/** Joins result cells to data rows, a batch at a time (one read-model query per batch, not per row). */
export interface RowResolver {
  /** For each record, its result cells by column name, or null to leave the row out. */
  resolve(records: CsvRecord[]): Promise<(ResultCells | null)[]>;
}

const BATCH = 500;

/**
 * The original file re-read from the blob store with result columns appended, for any job kind: each
 * record's bytes are written back untouched (quoting, delimiter, line endings, BOM), in file order.
 * Memory holds one batch of records, whatever the file's size.
 */
export async function* csvDownload(
  blobs: BlobStore,
  source: CsvDownloadSource,
  columns: readonly string[],
  resolver: RowResolver,
): AsyncGenerator<string> {
  const options = { columnCount: source.columnCount };
  const reader = new CsvRecordReader(await blobs.get(source.blobKey), { delimiter: source.delimiter });
  let batch: CsvRecord[] = [];
  let started = false;
  const flush = async (): Promise<string> => {
    const cells = await resolver.resolve(batch);
    const text = batch
      .map((record, k) => {
        const row = cells[k];
        return row
          ? formatResultRow(
              record,
              columns.map((name) => row[name] ?? ''),
              source.delimiter,
              options,
            )
          : '';
      })
      .join('');
    batch = [];
    return text;
  };
  for await (const record of reader) {
    if (!started) {
      started = true;
      let head = source.hasBom ? UTF8_BOM : '';
      if (source.hasHeader) head += formatResultHeader(record, columns, source.delimiter, options);
      else if (columns.length > 0)
        head += formatResultHeader(undefined, columns, source.delimiter, {
          ...options,
          lineTerminator: record.lineTerminator,
        });
      yield head;
      if (source.hasHeader) continue;
    }
    batch.push(record);
    if (batch.length >= BATCH) yield await flush();
  }
  if (batch.length > 0) yield await flush();
}
