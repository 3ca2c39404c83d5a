import { Readable } from 'node:stream';
import { DomainError } from '@lib/common';
import { addressKey } from '../domain/address-key';
import { VerificationJobCounts } from '../domain/verification-job.events';
import { CsvDelimiter, CsvRecordReader } from '@lib/jobs';

/**
 * The distinct addresses of an upload in first-seen order, in parallel arrays (about 200 bytes per
 * address): memory is bounded by the 500,000-address limit, not by the file's size or row count.
 */
export class AddressIndex {
  readonly emails: string[] = [];
  readonly canonicals: string[] = [];
  readonly firstRows: number[] = [];
  readonly rowCounts: number[] = [];
  /** Per address, the index of its domain in `domains` (domains are few; addresses are many). */
  readonly domainIds: number[] = [];
  readonly domains: string[] = [];
  private readonly byCanonical = new Map<string, number>();
  private readonly domainIndex = new Map<string, number>();
  counts: VerificationJobCounts = { rows: 0, uniqueAddresses: 0, duplicates: 0, invalidSyntax: 0, blank: 0 };
  /** Distinct well-formed addresses (a column of nothing but malformed cells is not an email column). */
  wellFormed = 0;

  add(recordIndex: number, cell: string | undefined, maxUnique: number): void {
    this.counts.rows++;
    const key = addressKey(cell);
    if (!key || key.malformed) this.counts.invalidSyntax++;
    if (!key) {
      this.counts.blank!++;
      return;
    }
    const seen = this.byCanonical.get(key.canonical);
    if (seen !== undefined) {
      this.counts.duplicates++;
      this.rowCounts[seen]++;
      return;
    }
    if (this.emails.length >= maxUnique) {
      throw new DomainError(
        'TOO_MANY_EMAILS',
        `The file has more than ${maxUnique.toLocaleString('en')} unique addresses; split it into several jobs.`,
      );
    }
    // Most addresses are their own canonical form: keep one string for both.
    const canonical = key.canonical === key.email ? key.email : key.canonical;
    this.byCanonical.set(canonical, this.emails.length);
    this.emails.push(key.email);
    this.canonicals.push(canonical);
    this.domainIds.push(this.domainId(key.domain));
    this.firstRows.push(recordIndex);
    this.rowCounts.push(1);
    this.counts.uniqueAddresses++;
    if (!key.malformed) this.wellFormed++;
  }

  get size(): number {
    return this.emails.length;
  }

  private domainId(domain: string): number {
    let id = this.domainIndex.get(domain);
    if (id === undefined) {
      id = this.domains.length;
      this.domains.push(domain);
      this.domainIndex.set(domain, id);
    }
    return id;
  }
}

/** Second pass, over the stored original: dedupes the email column and counts rows. */
export async function indexAddresses(
  original: Readable,
  delimiter: CsvDelimiter,
  hasHeader: boolean,
  emailColumn: number,
  maxUnique: number,
): Promise<AddressIndex> {
  const index = new AddressIndex();
  for await (const record of new CsvRecordReader(original, { delimiter })) {
    if (hasHeader && record.index === 0) continue;
    index.add(record.index, record.fields[emailColumn], maxUnique);
  }
  if (index.wellFormed === 0) {
    throw new DomainError(
      'EMAIL_COLUMN_NOT_FOUND',
      `Column ${emailColumn} holds no valid email address; pass emailColumn, the zero-based index of the email column.`,
    );
  }
  return index;
}
