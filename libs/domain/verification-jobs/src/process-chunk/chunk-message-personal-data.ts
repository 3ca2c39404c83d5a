import { jobScope, type PersonalMessagePolicy } from '@lib/personal-data';
import type { ChunkItem } from '../domain/verification-job.events';
import { VERIFICATION_CHUNK_TOPIC, type VerificationChunkMessage } from './chunk-message';

// A chunk message carries its rows' addresses to the worker: sealed item by item, under the job's key and the
// address's, as ChunkRetryScheduled seals them in the log. Kafka keeps a message until the topic's retention;
// this way it keeps ciphertext that "delete now", a subject's request or a closure makes unreadable at once.
// Ids, row positions, levels and times stay clear (the erasure of a job finds its messages by `jobId`).

type Data = Record<string, unknown>;
type ItemPersonal = Pick<ChunkItem, 'email' | 'canonical'>;

const RETRY_TOPIC = /^jobs\.chunks\.retry\.\d+$/;

/**
 * Chunk messages of list verification jobs, first passes and greylisting retries. An item whose key is gone
 * is dropped when the message is opened: erased, it has nothing left to verify (and an erasure waits for the
 * account's open jobs, so only a redelivery after the job ended meets one).
 */
export const VERIFICATION_CHUNK_MESSAGE_PERSONAL_DATA: PersonalMessagePolicy = {
  appliesTo: (topic) => topic === VERIFICATION_CHUNK_TOPIC || RETRY_TOPIC.test(topic),
  split(raw) {
    const message = raw as unknown as VerificationChunkMessage;
    return {
      clear: { ...message, items: message.items.map((item) => ({ ...item, email: null, canonical: null })) },
      parts: message.items.map((item) => ({
        scopes: [jobScope(message.accountId, message.jobId), { accountId: message.accountId, address: item.email }],
        value: { email: item.email, canonical: item.canonical } satisfies ItemPersonal,
      })),
    };
  },
  join(clear, parts) {
    const items = (clear.items as Data[]).flatMap((item, i) => {
      const personal = parts[i] as ItemPersonal | null;
      return personal ? [{ ...item, ...personal }] : [];
    });
    return { ...clear, items };
  },
};
