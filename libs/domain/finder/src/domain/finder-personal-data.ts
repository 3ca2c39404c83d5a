import { finderDayScope, jobScope, type PersonalDataPolicy, type PersonalPart } from '@lib/personal-data';
import type { AnsweredBatchItem, FinderBatchAnswered } from './finder-batch.events';
import type { EmailFound } from './finder-call.events';
import type { FinderChunkCompleted, FinderJobCreated } from './finder-job.events';

// What of a finder call is personal: the person looked up (first and last name, and the employer's domain that
// goes with them) and the address found. The outcome's codes, confidence, provider, pattern, probes and charges
// stay clear: history counts, usage and the ledger read them after an erasure. Calls are sealed under the
// account's finder day (retention), list rows under their job; a call or row that found an address is sealed
// under that address too (a data subject's request by address). A request by name alone reaches nothing before
// the day's retention or the job's deletion: the log holds no lookup by name (docs/personal-data.md says why).
// Erased, the person reads with null names and domain and the address as null.

type Data = Record<string, unknown>;
type Scopes = PersonalPart['scopes'];

const isObject = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The input with every field kept and its value null (an input not an object, as sent to a batch, is null). */
const erasedInput = (input: unknown): Data | null =>
  isObject(input) ? Object.fromEntries(Object.keys(input).map((key) => [key, null])) : null;

/** The scopes of a call or a row: its day or job, and the address it found, if any. */
const withAddress = (accountId: string, scope: string, email: string | null | undefined): Scopes =>
  email ? [scope, { accountId, address: email }] : [scope];

interface PersonPart {
  input: unknown;
  email: string | null;
}

/** Seals a call's or a row's person and found address; joins them back, or reads them erased. */
const splitPerson = (record: { input: unknown; outcome: { email: string | null } }) => ({
  clear: { ...record, input: erasedInput(record.input), outcome: { ...record.outcome, email: null } },
  personal: { input: record.input, email: record.outcome.email } satisfies PersonPart,
});

function joinPerson(clear: Data, part: unknown): Data {
  const opened = part as PersonPart | null;
  if (!opened) return clear;
  return { ...clear, input: opened.input, outcome: { ...(clear.outcome as Data), email: opened.email } };
}

const finderCall: PersonalDataPolicy = {
  eventTypes: ['EmailFound', 'EmailNotFound'],
  split(raw) {
    const data = raw as unknown as EmailFound['data'];
    const { clear, personal } = splitPerson(data);
    const day = finderDayScope(data.accountId, data.at);
    return { clear, parts: [{ scopes: withAddress(data.accountId, day, personal.email), value: personal }] };
  },
  join(clear, [part]) {
    return joinPerson(clear, part);
  },
};

type BatchItemPart = { input: unknown; email?: string | null };

const finderBatchAnswered: PersonalDataPolicy = {
  eventTypes: ['FinderBatchAnswered'],
  split(raw) {
    const data = raw as FinderBatchAnswered['data'];
    const day = finderDayScope(data.accountId, data.at);
    const split = data.view.results.map((item) => {
      const email = 'email' in item ? item.email : undefined;
      const clear: Data = { ...item, input: erasedInput(item.input) };
      if (email !== undefined) clear.email = null;
      const value: BatchItemPart = { input: item.input, ...(email !== undefined ? { email } : {}) };
      return { clear, part: { scopes: withAddress(data.accountId, day, email), value } };
    });
    return {
      clear: { ...data, view: { ...data.view, results: split.map((s) => s.clear) } },
      parts: split.map((s) => s.part),
    };
  },
  join(clear, parts) {
    const view = clear.view as Data;
    const results = (view.results as Data[]).map((item, i) => ({ ...item, ...(parts[i] as BatchItemPart | null) }));
    return { ...clear, view: { ...view, results: results as AnsweredBatchItem[] } };
  },
};

const finderJobCreated: PersonalDataPolicy = {
  eventTypes: ['FinderJobCreated'],
  split(raw) {
    const data = raw as FinderJobCreated['data'];
    return {
      clear: { ...data, file: { ...data.file, name: null } },
      parts: [{ scopes: [jobScope(data.accountId, data.jobId)], value: data.file.name }],
    };
  },
  join(clear, [name]) {
    return { ...clear, file: { ...(clear.file as Data), name: (name as string | null) ?? null } };
  },
};

const finderChunkCompleted: PersonalDataPolicy = {
  eventTypes: ['FinderChunkCompleted'],
  split(raw) {
    const data = raw as FinderChunkCompleted['data'];
    const { accountId } = data.snapshot;
    const job = jobScope(accountId, data.jobId);
    const rows = data.results.map(splitPerson);
    return {
      clear: { ...data, results: rows.map((row) => row.clear) },
      parts: rows.map((row) => ({ scopes: withAddress(accountId, job, row.personal.email), value: row.personal })),
    };
  },
  join(clear, parts) {
    return { ...clear, results: (clear.results as Data[]).map((row, i) => joinPerson(row, parts[i])) };
  },
};

/** The personal-data policies of finder calls, finder batches and finder list jobs. */
export const FINDER_PERSONAL_DATA: PersonalDataPolicy[] = [
  finderCall,
  finderBatchAnswered,
  finderJobCreated,
  finderChunkCompleted,
];
