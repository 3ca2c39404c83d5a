import { ReadCollection } from '@lib/readstore';
import { addressKey } from '../domain/address-key';
import { invalidSyntaxVerdict } from '../domain/row-verdict';
import {
  VerificationJobDocument,
  verificationJobResultId,
  StoredVerificationJobResult,
} from '../query-jobs/verification-job.documents';
import { verificationJobResultCells, resultCells } from '../query-jobs/job-result-cells';
import { CsvRecord, isErasedRecord, RowResolver, ResultCells } from '@lib/jobs';

/**
 * Rows of a verification job: an address's result is looked up by the same key the upload deduped
 * with; a row whose address has no result yet is left out (a partial download); with dedupe only the
 * address's first row is kept. Rows without a usable address are invalid from the start.
 */
export class VerificationRowResolver implements RowResolver {
  constructor(
    private readonly results: ReadCollection<StoredVerificationJobResult>,
    private readonly job: VerificationJobDocument,
    private readonly dedupe: boolean,
  ) {}

  async resolve(records: CsvRecord[]): Promise<(ResultCells | null)[]> {
    const emails = records.map((record) => record.fields[this.job.emailColumn.index] ?? '');
    const keys = emails.map((email) => addressKey(email));
    const ids = [
      ...new Set(keys.flatMap((key) => (key ? [verificationJobResultId(this.job.jobId, key.canonical)] : []))),
    ];
    const found = ids.length ? await this.results.find({ filter: { _id: { $in: ids } } }) : [];
    const byId = new Map(found.map((doc) => [doc._id, doc]));
    return records.map((record, k) => {
      // A row erased at a data subject's request (erase-address): every cell reads [erased], the result too.
      if (isErasedRecord(record)) return { result: 'erased' };
      const key = keys[k];
      if (!key) return resultCells(invalidSyntaxVerdict(emails[k]));
      const doc = byId.get(verificationJobResultId(this.job.jobId, key.canonical));
      if (!doc || (this.dedupe && doc.firstRow !== record.index)) return null;
      return verificationJobResultCells(doc);
    });
  }
}
