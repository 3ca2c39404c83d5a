import type { FastifyReply } from 'fastify';
import {
  GateTiming,
  IdempotencyGate,
  IdempotentAttempt,
  IDEMPOTENCY_KEY_SCHEMA,
  parseIdempotencyKey,
} from '@lib/idempotency';

export const IDEMPOTENCY_HEADER_DOC = {
  name: 'Idempotency-Key',
  required: false,
  schema: IDEMPOTENCY_KEY_SCHEMA,
  description:
    'Retrying with the same key and body replays the stored response byte for byte, with no charge and no probe (header Idempotent-Replayed: true). The same key with another body: 400 code 2002. While the first request runs: the retry waits for it, or gets 409 code 2004.',
};

export interface IdempotentRequest {
  accountId: string;
  /** The Idempotency-Key header as received; absent runs the work plainly, malformed is 400 code 2003. */
  rawKey: unknown;
  reply: FastifyReply;
  /** requestFingerprint of the operation and its validated input. */
  requestHash: string;
  timing?: Partial<GateTiming>;
}

/**
 * A JSON endpoint's answer at most once per Idempotency-Key (verify single and batch, finder single and
 * batch): without a key the work just runs; with one it runs through the gate, and a replay is marked
 * with `Idempotent-Replayed: true`. The work gets the attempt (undefined without a key).
 */
export async function answerOnce<T>(
  gate: IdempotencyGate,
  request: IdempotentRequest,
  work: (attempt?: IdempotentAttempt) => Promise<T>,
): Promise<T> {
  const key = parseIdempotencyKey(request.rawKey);
  if (!key) return work();
  const outcome = await gate.run(request.accountId, key, request.requestHash, work, request.timing);
  if (outcome.replayed) request.reply.header('Idempotent-Replayed', 'true');
  return outcome.data;
}
