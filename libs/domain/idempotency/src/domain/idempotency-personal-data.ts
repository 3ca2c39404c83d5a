import { callsDayScope, type PersonalDataPolicy } from '@lib/personal-data';
import { type IdempotentResponseRecorded, idempotencyStreamAccount } from './idempotency.events';

// A recorded response is the whole answer replayed for a retried Idempotency-Key: addresses, names, whatever
// the call answered (a verification, a finder batch, a created job). It is sealed whole under the account's
// calls day (retention); the claim holds a request hash only and stays clear. Erased, it reads as its skeleton:
// every number, boolean and key kept (counts, charges), every string null, so a replay still answers in the
// same shape, with nothing personal left in it.

/** The response with every string (anything that may hold an address or a name) null, the rest as it was. */
export function responseSkeleton(value: unknown): unknown {
  if (typeof value === 'string') return null;
  if (Array.isArray(value)) return value.map(responseSkeleton);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, responseSkeleton(field)]));
  return value;
}

const responseRecorded: PersonalDataPolicy = {
  eventTypes: ['IdempotentResponseRecorded'],
  split(raw, streamId) {
    const data = raw as IdempotentResponseRecorded['data'];
    return {
      clear: { ...data, response: responseSkeleton(data.response) },
      parts: [{ scopes: [callsDayScope(idempotencyStreamAccount(streamId ?? ''), data.at)], value: data.response }],
    };
  },
  join(clear, [response]) {
    return response === null ? clear : { ...clear, response };
  },
};

/** The personal-data policy of recorded idempotent responses. */
export const IDEMPOTENCY_PERSONAL_DATA: PersonalDataPolicy[] = [responseRecorded];
