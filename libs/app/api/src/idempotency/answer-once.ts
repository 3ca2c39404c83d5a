import type { FastifyReply } from 'fastify';
import {
  FinishingWork,
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

/** A request under its Idempotency-Key: the stored answer to replay, or the attempt to answer under (none without a key). */
export type IdempotentClaim<T> =
  | { replayed: true; data: T }
  | {
      replayed: false;
      attempt?: IdempotentAttempt;
      answer(work: Promise<T>): Promise<T>;
      /** For work answered before its last write ends (IdempotencyGate.answerFinishing): one commit for both. */
      answerFinishing(work: Promise<FinishingWork<T>>): Promise<T>;
    };

/**
 * A JSON endpoint's answer at most once per Idempotency-Key (verify single and batch, finder single and
 * batch, checkout), written top-down by the controller: claim, then return a replay as it is or answer
 * with the work, started under the claim's attempt:
 *
 *   const claim = await claimOnce<Answer>(this.gate, request);
 *   if (claim.replayed) return claim.data;
 *   return claim.answer(this.useCase.run(input, claim.attempt));
 *
 * Without a key the work just runs (`attempt` undefined); with one the gate records its answer (or
 * releases the key when it fails), and a replay is marked with `Idempotent-Replayed: true`.
 */
export async function claimOnce<T>(gate: IdempotencyGate, request: IdempotentRequest): Promise<IdempotentClaim<T>> {
  const key = parseIdempotencyKey(request.rawKey);
  if (!key) return { replayed: false, answer: (work) => work, answerFinishing: finished };
  const claim = await gate.claim<T>(request.accountId, key, request.requestHash, request.timing);
  if (claim.replayed) {
    request.reply.header('Idempotent-Replayed', 'true');
    return claim;
  }
  const { attempt } = claim;
  return {
    replayed: false,
    attempt,
    answer: (work) => gate.answer(attempt, work),
    answerFinishing: (work) => gate.answerFinishing(attempt, work),
  };
}

/** Without a key there is nothing to record: the answer once the work has ended. */
async function finished<T>(work: Promise<FinishingWork<T>>): Promise<T> {
  const { answer, finishing } = await work;
  await finishing;
  return answer;
}
