import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Principal } from '@lib/accounts';
import { Clock } from '@lib/common';
import { CreditLedger } from '@lib/credits';
import { EventStore } from '@lib/eventstore';
import { VerificationEngine, VerificationVerdict } from '@lib/verification';
import { planBatch, summarize, BatchSummary } from './batch/batch-plan';
import { creditsFor } from './credit-rules';
import { BatchVerified, EmailVerified, verificationStream } from './verification.events';
import { toVerificationResult, VerificationResult } from './verification-result';

export interface BatchResponse {
  results: VerificationResult[];
  summary: BatchSummary;
}

/**
 * Verification as a paid operation: hold the most it can cost before probing (402 and no probe when
 * that cannot be held), probe, settle with what the results actually cost, then record the whole
 * result as an event. A crash between hold and settle leaves a hold the worker's sweeper releases.
 */
@Injectable()
export class PaidVerification {
  constructor(
    private readonly engine: VerificationEngine,
    private readonly ledger: CreditLedger,
    private readonly events: EventStore,
    private readonly clock: Clock,
  ) {}

  async single(principal: Principal, email: string): Promise<VerificationResult> {
    const verificationId = randomUUID();
    const [verdict] = await this.probePaid(principal.accountId, verificationId, 'verification', [email]);
    const charge = creditsFor(verdict.result);
    const view = await this.ledger.settle(principal.accountId, verificationId, charge);
    const result = toVerificationResult(verdict, charge, view.available);
    const event: EmailVerified = { type: 'EmailVerified', data: { verificationId, accountId: principal.accountId, keyId: principal.keyId, verdict, result, at: this.clock.nowIso() } };
    await this.events.appendToStream(verificationStream(verificationId), [event], 'no_stream');
    return result;
  }

  /** Duplicates (by canonical form) are probed and charged once; each position repeats its address's result. */
  async batch(principal: Principal, emails: string[]): Promise<BatchResponse> {
    const verificationId = randomUUID();
    const plan = planBatch(emails);
    const verdicts = await this.probePaid(principal.accountId, verificationId, 'batch', plan.unique);
    const charges = verdicts.map((v) => creditsFor(v.result));
    const view = await this.ledger.settle(principal.accountId, verificationId, charges.reduce<number>((a, b) => a + b, 0));
    const seen = new Set<number>();
    const results = emails.map((email, position) => {
      const index = plan.positionToUnique[position];
      // The first position of an address carries its charge, so per-item charges add up to the summary.
      const charged = seen.has(index) ? 0 : charges[index];
      seen.add(index);
      return { ...toVerificationResult(verdicts[index], charged, view.available), email: email.trim() };
    });
    const summary = summarize(results, view.available);
    const event: BatchVerified = {
      type: 'BatchVerified',
      data: { verificationId, accountId: principal.accountId, keyId: principal.keyId, emails, verdicts, results, summary, at: this.clock.nowIso() },
    };
    await this.events.appendToStream(verificationStream(verificationId), [event], 'no_stream');
    return { results, summary };
  }

  private async probePaid(accountId: string, holdId: string, purpose: string, emails: string[]): Promise<VerificationVerdict[]> {
    // Throws INSUFFICIENT_CREDITS (402) before anything is probed.
    await this.ledger.hold(accountId, { holdId, amount: emails.length, purpose, reference: holdId });
    try {
      return await this.engine.verifyMany(emails, { mode: 'interactive' });
    } catch (error) {
      await this.ledger.release(accountId, holdId, 'probe failed');
      throw error;
    }
  }
}
