import type { LedgerReplay } from '../domain/ledger-audit';
import type { CreditBalanceDoc } from '../get-balance/credit-balances.projection';

export interface ReadModelFigures {
  balance: CreditBalanceDoc | null;
  transactionCount: number;
  transactionSum: number;
}

/**
 * current: the read models agree with the replayed ledger; behind: they have not applied the newest
 * ledger events yet (no projector running, or still catching up), so their figures are not compared;
 * disagrees: they applied every event and still differ.
 */
export type ReadModelStatus = 'current' | 'behind' | 'disagrees';

export interface LedgerComparison {
  /** Events whose recorded balance differs from the amounts replayed so far: the ledger itself is wrong. */
  ledgerProblems: string[];
  readModel: ReadModelStatus;
  /** One line per disagreement of the read models, or why they count as behind. */
  readModelProblems: string[];
}

/**
 * Everything the read models must agree on with the replayed ledger: the balance document (balance,
 * held, available, and that it has applied the last event at `lastPosition`, null for an empty
 * ledger) and the transaction history (one row per money-moving event, summing to the balance). The
 * ledger's own consistency is judged apart, because an audit must not call money wrong when only a
 * projector is not running.
 */
export function compareWithReadModel(
  lastPosition: number | null,
  audit: LedgerReplay,
  figures: ReadModelFigures,
): LedgerComparison {
  const ledgerProblems = audit.lines
    .filter((line) => !line.ok)
    .map(
      (line) =>
        `revision ${line.revision} (${line.type}): recorded balance ${line.recordedBalance}, replayed ${line.computedBalance}`,
    );
  const doc = figures.balance;
  if (lastPosition !== null && !doc)
    return {
      ledgerProblems,
      readModel: 'behind',
      readModelProblems: ['the credit_balances read model has no document for this account yet'],
    };
  if (lastPosition !== null && doc && (doc._position ?? -1) < lastPosition) {
    return {
      ledgerProblems,
      readModel: 'behind',
      readModelProblems: [`read model is behind: applied position ${doc._position}, ledger at ${lastPosition}`],
    };
  }
  const problems: string[] = [];
  if (lastPosition === null) {
    if (doc && doc.balance !== 0) problems.push(`no ledger events, but the read model shows balance ${doc.balance}`);
  } else if (doc) {
    const held = audit.held;
    if (doc.balance !== audit.balance) problems.push(`read model balance ${doc.balance} != replayed ${audit.balance}`);
    if (doc.held !== held) problems.push(`read model held ${doc.held} != replayed ${held}`);
    if (doc.available !== audit.balance - held)
      problems.push(`read model available ${doc.available} != replayed ${audit.balance - held}`);
  }
  const transactions = audit.lines.filter((line) => line.transactionType !== null);
  if (figures.transactionCount !== transactions.length)
    problems.push(
      `credit_transactions has ${figures.transactionCount} rows, the ledger ${transactions.length} transactions`,
    );
  if (figures.transactionSum !== audit.balance)
    problems.push(
      `credit_transactions amounts sum to ${figures.transactionSum}, the replayed balance is ${audit.balance}`,
    );
  return { ledgerProblems, readModel: problems.length > 0 ? 'disagrees' : 'current', readModelProblems: problems };
}
