import { jobScope, type PersonalDataPolicy, type PersonalPart } from '@lib/personal-data';
import type {
  ChunkCompleted,
  ChunkItem,
  ChunkResult,
  ChunkRetryScheduled,
  JobCreated,
} from './verification-job.events';

// What of a list job is personal: the uploaded file's name (people name files after people), and each row's
// address (as given and canonical), its suggested correction and the server's reply (it may quote the address).
// Ids, counts, verdict codes, charges and the snapshot stay clear: the job's record, its counts and the ledger
// read them after an erasure. A row is sealed under the job (delete now, retention) and its address (a data
// subject's request); one part per distinct address, so a subject's request erases that row and no other.
// Erased, a row reads with null address fields: readers skip it (nothing left to show or to verify).

type Data = Record<string, unknown>;
type ItemPersonal = Pick<ChunkItem, 'email' | 'canonical'>;
type ResultPersonal = ItemPersonal & { didYouMean: string | null; smtpReply?: string | null };

// The clear part keeps each personal key with a null value, so an opened event has its keys in the stored order.
const ERASED_ITEM = { email: null, canonical: null };

const rowScopes = (accountId: string, jobId: number, address: string): PersonalPart['scopes'] => [
  jobScope(accountId, jobId),
  { accountId, address },
];

function splitItem(item: ChunkItem): { clear: Data; personal: ItemPersonal } {
  return { clear: { ...item, ...ERASED_ITEM }, personal: { email: item.email, canonical: item.canonical } };
}

function splitResult(result: ChunkResult): { clear: Data; personal: ResultPersonal } {
  const { verdict } = result;
  const clearVerdict: Data = { ...verdict, didYouMean: null };
  const personal: ResultPersonal = { email: result.email, canonical: result.canonical, didYouMean: verdict.didYouMean };
  // Events recorded before evidence was added have no smtpReply: an opened one must not gain the key.
  if ('smtpReply' in verdict) {
    clearVerdict.smtpReply = null;
    personal.smtpReply = verdict.smtpReply ?? null;
  }
  return { clear: { ...result, ...ERASED_ITEM, verdict: clearVerdict }, personal };
}

function joinResult(clear: Data, personal: ResultPersonal | null): Data {
  if (!personal) return clear;
  const { didYouMean, smtpReply, ...item } = personal;
  const verdict: Data = { ...(clear.verdict as Data), didYouMean };
  if ('smtpReply' in personal) verdict.smtpReply = smtpReply;
  return { ...clear, ...item, verdict };
}

const jobCreated: PersonalDataPolicy = {
  eventTypes: ['JobCreated'],
  split(raw) {
    const data = raw as JobCreated['data'];
    return {
      clear: { ...data, file: { ...data.file, name: null } },
      parts: [{ scopes: [jobScope(data.accountId, data.jobId)], value: data.file.name }],
    };
  },
  join(clear, [name]) {
    return { ...clear, file: { ...(clear.file as Data), name: (name as string | null) ?? null } };
  },
};

const chunkCompleted: PersonalDataPolicy = {
  eventTypes: ['ChunkCompleted'],
  split(raw) {
    const data = raw as ChunkCompleted['data'];
    const { accountId } = data.snapshot;
    const results = data.results.map(splitResult);
    return {
      clear: { ...data, results: results.map((r) => r.clear) },
      parts: results.map((r) => ({ scopes: rowScopes(accountId, data.jobId, r.personal.email), value: r.personal })),
    };
  },
  join(clear, parts) {
    const results = (clear.results as Data[]).map((r, i) => joinResult(r, parts[i] as ResultPersonal | null));
    return { ...clear, results };
  },
};

const chunkRetryScheduled: PersonalDataPolicy = {
  eventTypes: ['ChunkRetryScheduled'],
  split(raw) {
    const data = raw as ChunkRetryScheduled['data'];
    const { accountId } = data.snapshot;
    const items = data.items.map(splitItem);
    return {
      clear: { ...data, items: items.map((item) => item.clear) },
      parts: items.map((item) => ({
        scopes: rowScopes(accountId, data.jobId, item.personal.email),
        value: item.personal,
      })),
    };
  },
  join(clear, parts) {
    const items = (clear.items as Data[]).map((item, i) => ({ ...item, ...(parts[i] as ItemPersonal | null) }));
    return { ...clear, items };
  },
};

/** The personal-data policies of list verification jobs. */
export const VERIFICATION_JOB_PERSONAL_DATA: PersonalDataPolicy[] = [jobCreated, chunkCompleted, chunkRetryScheduled];
