import type { LedgerView } from './credit-ledger.service';

/**
 * The spec's `creditsRemaining` ("balance after the call"), the one definition every paid call (verify,
 * finder, single and batch) answers with: the balance once this call's hold is settled with `charge`.
 * Other work's open holds (a running job) lower the available credits, not the balance, so they do not
 * count. Pass the ledger view the hold returned and the charge, or a view taken after the settle and 0.
 */
export const creditsRemaining = (view: Pick<LedgerView, 'balance'>, charge: number): number => view.balance - charge;
