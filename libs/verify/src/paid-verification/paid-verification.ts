import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Principal } from '@lib/accounts';
import { Clock } from '@lib/common';
import { CreditLedger, creditsRemaining, type HoldPurpose, type LedgerView } from '@lib/credits';
import { EventStore } from '@lib/eventstore';
import type { IdempotentAttempt } from '@lib/idempotency';
import { creditsFor, VerificationEngine, VerificationVerdict, verdictEvidence } from '@lib/verification';
import { planBatch, summarize } from '../domain/batch-plan';
import {
  BatchSummary, BatchVerified, EmailVerified, RecordedResult, RecordedVerdict, recordedCharge, VERIFICATION_HOLD_PURPOSES, VerificationEvent, verificationStream,
} from '../domain/verification.events';
import { VerificationRecords } from '../records/verification-records';
import { toVerificationResult, VerificationResult } from './verification-result';

export interface BatchResponse {
  results: VerificationResult[];
  summary: BatchSummary;
}

/** Verification binds nothing: its hold and record are named by the attempt id itself. */
type VerificationAttempt = Pick<IdempotentAttempt, 'id' | 'supersedes'>;

interface PaidProbe {
  verdicts: VerificationVerdict[];
  /** The ledger as the hold left it (the balance is not lowered by a hold). */
  held: LedgerView;
}

/**
 * Verification as a paid operation: hold the most it can cost before probing (402 and no probe when
 * that cannot be held), probe, record the result as an event, then settle with what it costs.
 * Recording before settling makes the record the proof of work: a process that dies after recording
 * is charged by the hold sweeper (or by a retry with the same Idempotency-Key, which replays the
 * record); one that dies before recording has its hold released, so nothing is charged twice or lost.
 */
@Injectable()
export class PaidVerification {
  constructor(
    private readonly engine: VerificationEngine,
    private readonly ledger: CreditLedger,
    private readonly events: EventStore,
    private readonly records: VerificationRecords,
    private readonly clock: Clock,
  ) {}

  async single(principal: Principal, email: string, attempt: VerificationAttempt = { id: randomUUID() }, evidence = false): Promise<VerificationResult> {
    const earlier = await this.resume(principal.accountId, attempt.supersedes);
    if (earlier?.type === 'EmailVerified') return withEvidence(earlier.data.result, earlier.data.verdict, evidence);
    const verificationId = attempt.id;
    const paid = await this.probePaid(principal.accountId, verificationId, VERIFICATION_HOLD_PURPOSES.single, [email]);
    const [verdict] = paid.verdicts;
    const charge = creditsFor(verdict.result);
    const result = toVerificationResult(verdict, charge, creditsRemaining(paid.held, charge, 1));
    const event: EmailVerified = { type: 'EmailVerified', data: { verificationId, accountId: principal.accountId, keyId: principal.keyId, verdict, result, at: this.clock.nowIso() } };
    await this.recordThenSettle(principal.accountId, verificationId, event);
    return withEvidence(result, verdict, evidence);
  }

  /** Duplicates (by canonical form) are probed and charged once; each position repeats its address's result. */
  async batch(principal: Principal, emails: string[], attempt: VerificationAttempt = { id: randomUUID() }, evidence = false): Promise<BatchResponse> {
    const earlier = await this.resume(principal.accountId, attempt.supersedes);
    if (earlier?.type === 'BatchVerified') return batchResponse(earlier.data, evidence);
    const verificationId = attempt.id;
    const plan = planBatch(emails);
    const paid = await this.probePaid(principal.accountId, verificationId, VERIFICATION_HOLD_PURPOSES.batch, plan.unique);
    const charges = paid.verdicts.map((v) => creditsFor(v.result));
    const remaining = creditsRemaining(paid.held, charges.reduce<number>((a, b) => a + b, 0), plan.unique.length);
    const seen = new Set<number>();
    const results = emails.map((email, position) => {
      const index = plan.positionToUnique[position];
      // The first position of an address carries its charge, so per-item charges add up to the summary.
      const charged = seen.has(index) ? 0 : charges[index];
      seen.add(index);
      return { ...toVerificationResult(paid.verdicts[index], charged, remaining), email: email.trim() };
    });
    const summary = summarize(results, remaining);
    const event: BatchVerified = {
      type: 'BatchVerified',
      data: { verificationId, accountId: principal.accountId, keyId: principal.keyId, emails, verdicts: paid.verdicts, results, summary, at: this.clock.nowIso() },
    };
    await this.recordThenSettle(principal.accountId, verificationId, event);
    return batchResponse(event.data, evidence);
  }

  /**
   * An earlier attempt under the same Idempotency-Key that never recorded its response: if it recorded
   * its verification, that is settled (a no-op when it was) and returned; if not, its hold is released.
   */
  private async resume(accountId: string, supersededId: string | undefined): Promise<VerificationEvent | null> {
    if (!supersededId) return null;
    const recorded = await this.records.find(supersededId);
    await this.ledger.endHold(accountId, supersededId, recorded ? recordedCharge(recorded) : null, 'superseded by a retry');
    return recorded;
  }

  private async recordThenSettle(accountId: string, verificationId: string, event: VerificationEvent): Promise<void> {
    await this.events.appendToStream(verificationStream(verificationId), [event], 'no_stream');
    await this.ledger.settle(accountId, verificationId, recordedCharge(event));
  }

  private async probePaid(accountId: string, holdId: string, purpose: HoldPurpose, emails: string[]): Promise<PaidProbe> {
    // Throws INSUFFICIENT_CREDITS (402) before anything is probed.
    const held = await this.ledger.hold(accountId, { holdId, amount: emails.length, purpose, reference: holdId });
    try {
      return { verdicts: await this.engine.verifyMany(emails, { mode: 'interactive' }), held };
    } catch (error) {
      await this.ledger.release(accountId, holdId, 'probe failed');
      throw error;
    }
  }
}

/** The result as recorded, plus the evidence fields when the caller asked for them. */
function withEvidence(result: RecordedResult, verdict: RecordedVerdict, evidence: boolean): VerificationResult {
  return evidence ? { ...result, ...verdictEvidence(verdict) } : result;
}

function batchResponse(recorded: BatchVerified['data'], evidence: boolean): BatchResponse {
  if (!evidence) return { results: recorded.results, summary: recorded.summary };
  const { positionToUnique } = planBatch(recorded.emails);
  return { results: recorded.results.map((result, position) => withEvidence(result, recorded.verdicts[positionToUnique[position]], true)), summary: recorded.summary };
}
