import { accountModeOf, type AccountMode } from '@lib/common';
import { AddressVerifier } from './address-verifier';

/**
 * The verifier of each account mode (accountModeOf): the magic table for test accounts, the live engine
 * otherwise. Paid verification and the job worker ask it per call, so no handler tells the modes apart.
 */
export class Verifiers {
  constructor(private readonly byMode: Readonly<Record<AccountMode, AddressVerifier>>) {}

  for(accountId: string): AddressVerifier {
    return this.byMode[accountModeOf(accountId)];
  }
}
