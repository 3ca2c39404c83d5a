import { callsDayScope, type PersonalDataPolicy, type PersonalPart } from '@lib/personal-data';
import type { VerificationVerdict } from '@lib/verification-engine';
import { planBatch } from './batch-plan';
import type { BatchVerified, EmailVerified, RecordedResult } from './verification.events';

// What of a verification is personal: the address in every form, the suggested correction (it repeats the
// local part) and the SMTP diagnostics (a server's reply may quote the address). The verdict, its codes,
// flags and charges stay clear: usage, history counts and the ledger's audit read them after an erasure.

type Data = Record<string, unknown>;
type VerdictPersonal = Pick<VerificationVerdict, 'email' | 'normalized' | 'canonical' | 'didYouMean' | 'smtp'>;
type ResultPersonal = Pick<RecordedResult, 'email' | 'didYouMean'>;

// The clear part keeps each personal field's key with a null value, so an opened event has its keys in the order
// they were always stored in, and an erased one reads null where the address was (as the API answers it).
const ERASED_VERDICT = { email: null, normalized: null, canonical: null, didYouMean: null };
const ERASED_RESULT = { email: null, didYouMean: null };

function splitVerdict(verdict: VerificationVerdict): { clear: Data; personal: VerdictPersonal } {
  const { email, normalized, canonical, didYouMean, smtp } = verdict;
  const clear: Data = { ...verdict, ...ERASED_VERDICT };
  if (smtp !== undefined) clear.smtp = null;
  return { clear, personal: { email, normalized, canonical, didYouMean, ...(smtp !== undefined ? { smtp } : {}) } };
}

function splitResult(result: RecordedResult): { clear: Data; personal: ResultPersonal } {
  const { email, didYouMean } = result;
  return { clear: { ...result, ...ERASED_RESULT }, personal: { email, didYouMean } };
}

/** A verdict as read: its personal fields opened, or erased (null, and no SMTP diagnostics at all). */
function joinVerdict(clear: Data, personal: VerdictPersonal | null): Data {
  if (personal) return { ...clear, ...personal };
  const { smtp: _smtp, ...rest } = clear;
  return rest;
}

/** Seals under the account's day (retention) and the address (a data subject's request). */
const scopesOf = (accountId: string, at: string, address: string): PersonalPart['scopes'] => [
  callsDayScope(accountId, at),
  { accountId, address },
];

const emailVerified: PersonalDataPolicy = {
  eventTypes: ['EmailVerified'],
  split(raw) {
    const data = raw as EmailVerified['data'];
    const verdict = splitVerdict(data.verdict);
    const result = splitResult(data.result);
    return {
      clear: { ...data, verdict: verdict.clear, result: result.clear },
      parts: [
        {
          scopes: scopesOf(data.accountId, data.at, data.result.email),
          value: { verdict: verdict.personal, result: result.personal },
        },
      ],
    };
  },
  join(clear, [part]) {
    const opened = part as { verdict: VerdictPersonal; result: ResultPersonal } | null;
    return {
      ...clear,
      verdict: joinVerdict(clear.verdict as Data, opened?.verdict ?? null),
      result: { ...(clear.result as Data), ...opened?.result },
    };
  },
};

/** One part per distinct address: its verdict's and its positions' personal fields, erased together. */
type BatchPart = {
  unique: number;
  verdict: VerdictPersonal;
  positions: number[];
  emails: string[];
  results: ResultPersonal[];
};

const batchVerified: PersonalDataPolicy = {
  eventTypes: ['BatchVerified'],
  split(raw) {
    const data = raw as BatchVerified['data'];
    const { positionToUnique } = planBatch(data.emails);
    const verdicts = data.verdicts.map(splitVerdict);
    const results = data.results.map(splitResult);
    const parts = verdicts.map((verdict, unique): PersonalPart => {
      const positions = positionToUnique.flatMap((u, position) => (u === unique ? [position] : []));
      const value: BatchPart = {
        unique,
        verdict: verdict.personal,
        positions,
        emails: positions.map((p) => data.emails[p]),
        results: positions.map((p) => results[p].personal),
      };
      return { scopes: scopesOf(data.accountId, data.at, data.verdicts[unique].email), value };
    });
    return {
      clear: {
        ...data,
        emails: data.emails.map(() => null),
        verdicts: verdicts.map((v) => v.clear),
        results: results.map((r) => r.clear),
      },
      parts,
    };
  },
  join(clear, parts) {
    const verdicts = (clear.verdicts as Data[]).map((verdict, unique) =>
      joinVerdict(verdict, (parts[unique] as BatchPart | null)?.verdict ?? null),
    );
    const results = [...(clear.results as Data[])];
    const emails = [...(clear.emails as Array<string | null>)];
    for (const part of parts as Array<BatchPart | null>) {
      if (!part) continue;
      part.positions.forEach((position, i) => {
        emails[position] = part.emails[i];
        results[position] = { ...results[position], ...part.results[i] };
      });
    }
    return { ...clear, emails, verdicts, results };
  },
};

/** The personal-data policies of single and batch verification records. */
export const VERIFICATION_PERSONAL_DATA: PersonalDataPolicy[] = [emailVerified, batchVerified];
