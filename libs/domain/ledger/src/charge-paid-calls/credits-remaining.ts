import type { LedgerView } from '../shared/credit-ledger.service';

/**
 * The spec's `creditsRemaining` ("balance after the call"), the one definition every paid call (verify,
 * finder, single and batch) answers with: what the account can still spend once this call is charged,
 * i.e. the available credits (balance minus every other open hold) with this call's own hold settled
 * at `charge`. Other holds count because a paid call's answer is recorded before its hold is settled:
 * of 25 concurrent calls on 25 credits, only counting the holds ahead of each call tells the last one
 * that 0 remain (the bare balance would tell all 25 that 24 remain). Pass the view the hold returned with
 * this call's hold amount, or a view taken after the settle with `ownHold` 0.
 */
export const creditsRemaining = (view: Pick<LedgerView, 'available'>, charge: number, ownHold = 0): number =>
  view.available + ownHold - charge;
