import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Principal } from '@lib/accounts';
import { Clock } from '@lib/common';
import { PaidCalls, type PaidCallPurpose } from '@lib/credits';
import { EventStore } from '@lib/eventstore';
import type { IdempotentAttempt } from '@lib/idempotency';
import { creditsFor, VerificationEngine, VerificationVerdict, verdictEvidence } from '@lib/verification';
import { planBatch, summarize } from '../domain/batch-plan';
import {
  BatchSummary,
  BatchVerified,
  RecordedResult,
  RecordedVerdict,
  recordedCharge,
  VERIFICATION_HOLD_PURPOSES,
  VerificationEvent,
  verificationStream,
} from '../domain/verification.events';
import { VerificationRecords } from '../records/verification-records';
import { toVerificationResult, VerificationResult } from './verification-result';

export interface BatchResponse {
  results: VerificationResult[];
  summary: BatchSummary;
}

/** Verification binds nothing: its hold and record are named by the attempt id itself. */
type VerificationAttempt = Pick<IdempotentAttempt, 'id' | 'supersedes'>;

/**
 * Verification in the one paid-call path (PaidCalls, libs/credits): hold one credit per distinct address
 * before probing (402 and no probe when that cannot be held), probe, record the result as an event, then
 * settle with what it costs (the spec's price list, creditsFor). The hold and the record are named by the
 * attempt id, so a retry under the same Idempotency-Key finds both.
 */
@Injectable()
export class PaidVerification {
  constructor(
    private readonly engine: VerificationEngine,
    private readonly paidCalls: PaidCalls,
    private readonly events: EventStore,
    private readonly records: VerificationRecords,
    private readonly clock: Clock,
  ) {}

  async single(
    principal: Principal,
    email: string,
    attempt: VerificationAttempt = { id: randomUUID() },
    evidence = false,
  ): Promise<VerificationResult> {
    const earlier = await this.resume(principal.accountId, attempt.supersedes);
    if (earlier?.type === 'EmailVerified') return withEvidence(earlier.data.result, earlier.data.verdict, evidence);
    const verificationId = attempt.id;
    const event = await this.paidCalls.run({
      ...this.probe(principal.accountId, verificationId, VERIFICATION_HOLD_PURPOSES.single, [email]),
      charge: ([verdict]) => creditsFor(verdict.result),
      record: async ([verdict], charge, remaining) => {
        const result = toVerificationResult(verdict, charge, remaining);
        return this.record({
          type: 'EmailVerified',
          data: {
            verificationId,
            accountId: principal.accountId,
            keyId: principal.keyId,
            verdict,
            result,
            at: this.clock.nowIso(),
          },
        });
      },
    });
    return withEvidence(event.data.result, event.data.verdict, evidence);
  }

  /** Duplicates (by canonical form) are probed and charged once; each position repeats its address's result. */
  async batch(
    principal: Principal,
    emails: string[],
    attempt: VerificationAttempt = { id: randomUUID() },
    evidence = false,
  ): Promise<BatchResponse> {
    const earlier = await this.resume(principal.accountId, attempt.supersedes);
    if (earlier?.type === 'BatchVerified') return batchResponse(earlier.data, evidence);
    const verificationId = attempt.id;
    const plan = planBatch(emails);
    const event = await this.paidCalls.run({
      ...this.probe(principal.accountId, verificationId, VERIFICATION_HOLD_PURPOSES.batch, plan.unique),
      charge: (verdicts) => verdicts.reduce<number>((sum, v) => sum + creditsFor(v.result), 0),
      record: async (verdicts, _charge, remaining) => {
        const seen = new Set<number>();
        const results = emails.map((email, position) => {
          const index = plan.positionToUnique[position];
          // The first position of an address carries its charge, so per-item charges add up to the summary.
          const charged = seen.has(index) ? 0 : creditsFor(verdicts[index].result);
          seen.add(index);
          return { ...toVerificationResult(verdicts[index], charged, remaining), email: email.trim() };
        });
        const summary = summarize(results, remaining);
        return this.record({
          type: 'BatchVerified',
          data: {
            verificationId,
            accountId: principal.accountId,
            keyId: principal.keyId,
            emails,
            verdicts,
            results,
            summary,
            at: this.clock.nowIso(),
          },
        });
      },
    });
    return batchResponse(event.data, evidence);
  }

  /** An earlier attempt under the same Idempotency-Key: its recorded verification (its hold settled), or null (its hold released). */
  private async resume(accountId: string, supersededId: string | undefined): Promise<VerificationEvent | null> {
    if (!supersededId) return null;
    const { recorded } = await this.paidCalls.resume(
      accountId,
      supersededId,
      () => this.records.find(supersededId),
      recordedCharge,
    );
    return recorded;
  }

  /** The hold and the work of a verification: one credit held per distinct address, probed interactively. */
  private probe(accountId: string, holdId: string, purpose: PaidCallPurpose, emails: string[]) {
    return {
      accountId,
      holdId,
      purpose,
      reference: holdId,
      amount: emails.length,
      releaseReason: 'probe failed',
      work: (): Promise<VerificationVerdict[]> => this.engine.verifyMany(emails, { mode: 'interactive' }),
    };
  }

  private async record<E extends VerificationEvent>(event: E): Promise<E> {
    await this.events.appendToStream(verificationStream(event.data.verificationId), [event], 'no_stream');
    return event;
  }
}

/** The result as recorded, plus the evidence fields when the caller asked for them. */
function withEvidence(result: RecordedResult, verdict: RecordedVerdict, evidence: boolean): VerificationResult {
  return evidence ? { ...result, ...verdictEvidence(verdict) } : result;
}

function batchResponse(recorded: BatchVerified['data'], evidence: boolean): BatchResponse {
  if (!evidence) return { results: recorded.results, summary: recorded.summary };
  const { positionToUnique } = planBatch(recorded.emails);
  return {
    results: recorded.results.map((result, position) =>
      withEvidence(result, recorded.verdicts[positionToUnique[position]], true),
    ),
    summary: recorded.summary,
  };
}
