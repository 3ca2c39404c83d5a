import { abortablePause, type Pause } from '@lib/common';
import type { VerifyManyOptions } from '../engine/verification-engine';
import type { VerificationVerdict } from '../verification.types';
import { AddressVerifier } from './address-verifier';
import { magicOutcome } from './magic-verdict';

/**
 * The verifier of test accounts: every answer from the magic table (magicOutcome), so it opens no
 * connection of any kind. A call holding an error row answers that error (the first such row); the slowest
 * row sets how long the call takes.
 */
export class MagicVerifier extends AddressVerifier {
  constructor(private readonly pause: Pause = abortablePause) {
    super();
  }

  async verifyMany(emails: string[], options: VerifyManyOptions = {}): Promise<VerificationVerdict[]> {
    const outcomes = emails.map((email) => magicOutcome(email, options.mode ?? 'interactive'));
    const failed = outcomes.find((outcome) => 'error' in outcome);
    if (failed && 'error' in failed) throw failed.error;
    const answered = outcomes.flatMap((outcome) => ('verdict' in outcome ? [outcome] : []));
    const quick = answered.flatMap((outcome, index) => (outcome.delayMs === 0 ? [index] : []));
    if (quick.length > 0) options.progress?.(quick);
    const slowest = Math.max(0, ...answered.map((outcome) => outcome.delayMs));
    await this.pause(slowest, options.signal);
    const slow = answered.flatMap((outcome, index) => (outcome.delayMs > 0 ? [index] : []));
    if (slow.length > 0) options.progress?.(slow);
    return answered.map((outcome) => outcome.verdict);
  }
}
