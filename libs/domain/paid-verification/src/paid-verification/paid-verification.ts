import { Injectable } from '@nestjs/common';
import type { Principal } from '@lib/accounts';
import { Clock, timeOrderedUuid } from '@lib/common';
import { PaidCalls, type HeldCredits, type PaidCallPurpose } from '@lib/ledger';
import { EventStore, newStream, runCommand } from '@lib/eventstore';
import type { FinishingWork, IdempotentAttempt } from '@lib/idempotency';
import { Verifiers, VerificationVerdict } from '@lib/verification-engine';
import { planBatch } from '../domain/batch-plan';
import {
  verificationCharge,
  verificationRecordDecider,
  type RecordBatchVerification,
  type RecordSingleVerification,
} from '../domain/verification-record.decider';
import { answeredResult, VerificationResult } from '../domain/verification-result';
import {
  BatchSummary,
  BatchVerified,
  EmailVerified,
  recordedCharge,
  VERIFICATION_HOLD_PURPOSES,
  VerificationEvent,
  verificationStream,
} from '../domain/verification.events';
import { VerificationRecords } from '../records/verification-records';

const done = Promise.resolve();

export interface BatchResponse {
  results: VerificationResult[];
  summary: BatchSummary;
}

/** Verification binds nothing: its hold and record are named by the attempt id itself. */
type VerificationAttempt = Pick<IdempotentAttempt, 'id' | 'supersedes'> &
  Partial<Pick<IdempotentAttempt, 'claimedAtPosition'>>;

/**
 * Single and batch verification as paid calls, each written as the four steps of the one paid-call order
 * (PaidCalls, libs/domain/ledger): 1. hold one credit per distinct address (402 and no probe when that cannot be
 * held), 2. probe, 3. record the result as an event (the decider prices it: the spec's price list,
 * creditsFor), 4. settle with what the record charged. The hold and the record are named by the attempt
 * id, so a retry under the same Idempotency-Key finds both.
 */
@Injectable()
export class PaidVerification {
  constructor(
    private readonly verifiers: Verifiers,
    private readonly paidCalls: PaidCalls,
    private readonly events: EventStore,
    private readonly records: VerificationRecords,
    private readonly clock: Clock,
  ) {}

  async single(
    principal: Principal,
    email: string,
    attempt: VerificationAttempt = { id: timeOrderedUuid() },
    evidence = false,
  ): Promise<VerificationResult> {
    const { answer, finishing } = await this.singleFinishing(principal, email, attempt, evidence);
    await finishing;
    return answer;
  }

  /**
   * `single`, answered as soon as the verification is recorded, with its settle still being written
   * (`finishing`): the record is the proof of the charge, so the caller may store the answer for replays in
   * the same group commit as the settle (IdempotencyGate.answerFinishing) and reply once both are durable.
   */
  async singleFinishing(
    principal: Principal,
    email: string,
    attempt: VerificationAttempt = { id: timeOrderedUuid() },
    evidence = false,
  ): Promise<FinishingWork<VerificationResult>> {
    const earlier = await this.resume(principal.accountId, attempt.supersedes);
    if (earlier?.type === 'EmailVerified')
      return { answer: answeredResult(earlier.data.result, earlier.data.verdict, evidence), finishing: done };
    const held = await this.hold(principal, attempt, VERIFICATION_HOLD_PURPOSES.single, [email]);
    const [verdict] = await held.releaseOnFailure(this.probe(principal.accountId, [email]), 'probe failed');
    const recorded = await this.record<EmailVerified>({
      type: 'RecordSingleVerification',
      ...this.call(principal, attempt.id, held, [verdict]),
      verdict,
    });
    const finishing = held.settle(recordedCharge(recorded));
    return { answer: answeredResult(recorded.data.result, recorded.data.verdict, evidence), finishing };
  }

  /** Duplicates (by canonical form) are probed and charged once; each position repeats its address's result. */
  async batch(
    principal: Principal,
    emails: string[],
    attempt: VerificationAttempt = { id: timeOrderedUuid() },
    evidence = false,
  ): Promise<BatchResponse> {
    const earlier = await this.resume(principal.accountId, attempt.supersedes);
    if (earlier?.type === 'BatchVerified') return batchResponse(earlier.data, evidence);
    const { unique } = planBatch(emails);
    const held = await this.hold(principal, attempt, VERIFICATION_HOLD_PURPOSES.batch, unique);
    const verdicts = await held.releaseOnFailure(this.probe(principal.accountId, unique), 'probe failed');
    const recorded = await this.record<BatchVerified>({
      type: 'RecordBatchVerification',
      ...this.call(principal, attempt.id, held, verdicts),
      emails,
      verdicts,
    });
    await held.settle(recordedCharge(recorded));
    return batchResponse(recorded.data, evidence);
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

  /** One credit per distinct address, held under the verification's id before anything is probed. */
  private hold(principal: Principal, attempt: VerificationAttempt, purpose: PaidCallPurpose, addresses: string[]) {
    const { accountId } = principal;
    return this.paidCalls.hold({
      accountId,
      holdId: attempt.id,
      purpose,
      reference: attempt.id,
      amount: addresses.length,
      basis: attempt.claimedAtPosition,
      by: principal,
    });
  }

  /** By the account's verifier: a test account's answers come from the magic table (docs/test-mode.md). */
  private probe(accountId: string, addresses: string[]): Promise<VerificationVerdict[]> {
    return this.verifiers.for(accountId).verifyMany(addresses, { mode: 'interactive' });
  }

  /** What both records say besides the verdicts, creditsRemaining computed as if the verdicts' charge were settled. */
  private call(principal: Principal, verificationId: string, held: HeldCredits, verdicts: VerificationVerdict[]) {
    const { accountId, keyId } = principal;
    const creditsRemaining = held.remainingAfter(verificationCharge(verdicts));
    return { verificationId, accountId, keyId, creditsRemaining, at: this.clock.nowIso() };
  }

  /**
   * Records the verification once (the stream is named by its id, so it is new: no read first); a repeated
   * record conflicts on that assumption, reads, and returns the one recorded.
   */
  private async record<E extends VerificationEvent>(
    command: E extends EmailVerified ? RecordSingleVerification : RecordBatchVerification,
  ): Promise<E> {
    const { state } = await runCommand(
      this.events,
      verificationStream(command.verificationId),
      verificationRecordDecider,
      command,
      { assume: newStream(verificationRecordDecider.initialState) },
    );
    if (state.status !== 'Recorded') throw new Error(`verification ${command.verificationId} was not recorded`);
    return state.recorded as E;
  }
}

/** Each position's recorded result as answered, from its address's verdict. */
function batchResponse(recorded: BatchVerified['data'], evidence: boolean): BatchResponse {
  const { positionToUnique } = planBatch(recorded.emails);
  return {
    results: recorded.results.map((result, position) =>
      answeredResult(result, recorded.verdicts[positionToUnique[position]], evidence),
    ),
    summary: recorded.summary,
  };
}
