import type { VerifyManyOptions } from '../engine/verification-engine';
import type { VerificationVerdict } from '../verification.types';

/** What verifies addresses for a paid call or a job chunk: the live engine, or test mode's magic table. */
export abstract class AddressVerifier {
  /**
   * Verdicts in the order given. `mode` 'bulk' for job chunks; `signal` stops the work (a cancelled job);
   * `progress` hears each input index once, as soon as it is answered.
   */
  abstract verifyMany(emails: string[], options?: VerifyManyOptions): Promise<VerificationVerdict[]>;
}
