import type { Decider } from '@lib/common';
import type { VerificationVerdict } from '@lib/verification-engine';
import { planBatch, summarize } from './batch-plan';
import { creditsFor } from './verification-price';
import { toRecordedResult } from './verification-result';
import type { BatchVerified, EmailVerified, VerificationEvent } from './verification.events';

/** What both records say besides the verdicts: who asked, when, and what they can still spend once charged. */
interface VerificationCall {
  verificationId: string;
  accountId: string;
  keyId: string;
  /** The spec's creditsRemaining: what the account can still spend once this call is charged. */
  creditsRemaining: number;
  at: string;
}

export type RecordSingleVerification = VerificationCall & {
  type: 'RecordSingleVerification';
  verdict: VerificationVerdict;
};

export type RecordBatchVerification = VerificationCall & {
  type: 'RecordBatchVerification';
  /** The addresses as requested, in order, duplicates included. */
  emails: string[];
  /** One verdict per unique address of planBatch(emails), in that order. */
  verdicts: VerificationVerdict[];
};

export type VerificationCommand = RecordSingleVerification | RecordBatchVerification;

export type VerificationRecordState = { status: 'Unrecorded' } | { status: 'Recorded'; recorded: VerificationEvent };

/** What a call that probed these addresses (each distinct address once) costs, per the spec's price list. */
export const verificationCharge = (verdicts: Pick<VerificationVerdict, 'result'>[]): number =>
  verdicts.reduce((sum, verdict) => sum + creditsFor(verdict.result), 0);

/**
 * A verification is recorded once, before its hold is settled: the record is the proof of the charge.
 * A retried record of the same verification changes nothing (the stream's one record stands).
 */
export const verificationRecordDecider: Decider<VerificationCommand, VerificationEvent, VerificationRecordState> = {
  initialState: { status: 'Unrecorded' },

  decide(command, state) {
    if (state.status === 'Recorded') return [];
    return [command.type === 'RecordSingleVerification' ? emailVerified(command) : batchVerified(command)];
  },

  evolve: (_state, recorded) => ({ status: 'Recorded', recorded }),
};

function emailVerified(command: RecordSingleVerification): EmailVerified {
  const { verificationId, accountId, keyId, verdict, creditsRemaining, at } = command;
  const result = toRecordedResult(verdict, verificationCharge([verdict]), creditsRemaining);
  return { type: 'EmailVerified', data: { verificationId, accountId, keyId, verdict, result, at } };
}

/** Every position repeats its address's result; the first position of an address carries its charge, so the charges add up to the summary. */
function batchVerified(command: RecordBatchVerification): BatchVerified {
  const { verificationId, accountId, keyId, emails, verdicts, creditsRemaining, at } = command;
  const { unique, positionToUnique } = planBatch(emails);
  if (verdicts.length !== unique.length)
    throw new Error(
      `a batch of ${unique.length} distinct addresses cannot be recorded with ${verdicts.length} verdicts`,
    );
  const charged = new Set<number>();
  const results = emails.map((email, position) => {
    const index = positionToUnique[position];
    const charge = charged.has(index) ? 0 : verificationCharge([verdicts[index]]);
    charged.add(index);
    return { ...toRecordedResult(verdicts[index], charge, creditsRemaining), email: email.trim() };
  });
  const summary = summarize(results, creditsRemaining);
  return {
    type: 'BatchVerified',
    data: { verificationId, accountId, keyId, emails, verdicts, results, summary, at },
  };
}
