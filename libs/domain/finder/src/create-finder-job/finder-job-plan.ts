import { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import type { BlobStore } from '@lib/blobstore';
import { CsvRecordReader, type CsvDelimiter } from '@lib/jobs';
import { domainFromCell } from './finder-column-detection';
import { validateFinderInput } from '../domain/input/finder-input';
import { contactKey } from '../find-batch/batch-contacts';
import type { FinderCallInput } from '../domain/finder-call.events';
import type { FinderColumnsChoice, FinderJobCounts } from '../domain/finder-job.events';

/** Contacts per chunk: a chunk is one credit hold and one bus message, probed ~10 s per contact at worst. */
export const FINDER_CHUNK_SIZE = 20;

export interface FinderChunk {
  chunkNo: number;
  /** One per person: its first row, and the later rows holding the same person (filled with its answer). */
  contacts: Array<{ row: number; input: FinderCallInput; alsoRows?: number[] }>;
}

/** Rows a looked-up person stands for. */
export const rowsOf = (contact: { alsoRows?: number[] }): number => 1 + (contact.alsoRows?.length ?? 0);

/** Reads the stored upload, keeps the rows with a usable name and domain, one lookup per person, cuts them into chunks. */
export async function planFinderJob(
  original: Readable,
  delimiter: CsvDelimiter,
  hasHeader: boolean,
  columns: FinderColumnsChoice,
): Promise<{ counts: FinderJobCounts; chunks: FinderChunk[] }> {
  const counts: FinderJobCounts = { rows: 0, contacts: 0, duplicates: 0, invalid: 0 };
  const chunks: FinderChunk[] = [];
  const people = new Map<string, FinderChunk['contacts'][number]>();
  for await (const record of new CsvRecordReader(original, { delimiter })) {
    if (hasHeader && record.index === 0) continue;
    counts.rows++;
    const input = contactOf(record.fields, columns);
    if (!input) {
      counts.invalid++;
      continue;
    }
    const key = contactKey(input);
    const seen = people.get(key);
    if (seen) {
      counts.duplicates!++;
      (seen.alsoRows ??= []).push(record.index);
      continue;
    }
    counts.contacts++;
    if (chunks.length === 0 || chunks[chunks.length - 1].contacts.length >= FINDER_CHUNK_SIZE)
      chunks.push({ chunkNo: chunks.length, contacts: [] });
    const contact = { row: record.index, input };
    people.set(key, contact);
    chunks[chunks.length - 1].contacts.push(contact);
  }
  return { counts, chunks };
}

/**
 * The column read as the finder's firstName. A whole-name cell goes in as it is: with no last name
 * the finder splits "Jane Doe" itself, exactly as for a single call (normaliseName).
 */
function firstNameColumn(columns: FinderColumnsChoice): number | null {
  return columns.firstName ?? columns.fullName ?? null;
}

/**
 * A row's contact, or null when it has no usable domain or no usable name (the same test single
 * calls pass: a domain and at least one name, so a row with only a last name is looked up).
 */
export function contactOf(fields: readonly string[], columns: FinderColumnsChoice): FinderCallInput | null {
  const domain = domainFromCell(fields[columns.domain] ?? '', columns.domainSource);
  if (!domain) return null;
  const cell = (column: number | null) => (column === null ? null : (fields[column] ?? null));
  try {
    return validateFinderInput({ firstName: cell(firstNameColumn(columns)), lastName: cell(columns.lastName), domain });
  } catch {
    return null;
  }
}

export function planLines(chunks: FinderChunk[]): Readable {
  return Readable.from(chunks.map((chunk) => Buffer.from(`${JSON.stringify(chunk)}\n`)));
}

export async function* readFinderPlan(blobs: BlobStore, planKey: string): AsyncGenerator<FinderChunk> {
  for await (const line of createInterface({ input: await blobs.get(planKey), crlfDelay: Infinity })) {
    if (line) yield JSON.parse(line) as FinderChunk;
  }
}
