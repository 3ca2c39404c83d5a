import { jobScope, type PersonalMessagePolicy } from '@lib/personal-data';
import { FINDER_CHUNK_TOPIC, type FinderChunkMessage } from './finder-chunk.processor';

// A finder job's chunk carries the people it looks up (names and employers' domains): sealed together under
// the job's key, as FinderJobCreated's file is, so the broker keeps only ciphertext until the topic's
// retention and the job's erasure (or the account's) makes it unreadable at once.

/** Chunk messages of finder jobs; opened after the job's key is gone, a chunk has no contacts left to look up. */
export const FINDER_CHUNK_MESSAGE_PERSONAL_DATA: PersonalMessagePolicy = {
  appliesTo: (topic) => topic === FINDER_CHUNK_TOPIC,
  split(raw) {
    const message = raw as unknown as FinderChunkMessage;
    return {
      clear: { ...message, contacts: [] },
      parts: [{ scopes: [jobScope(message.accountId, message.jobId)], value: message.contacts }],
    };
  },
  join(clear, [contacts]) {
    return { ...clear, contacts: (contacts as FinderChunkMessage['contacts'] | null) ?? [] };
  },
};
