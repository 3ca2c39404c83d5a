import { AuditLine, CreditBalanceDoc, heldTotal, Holds } from '@lib/credits';
import { RecordedEvent } from '@lib/eventstore';

export interface ReadModelFigures {
  balance: CreditBalanceDoc | null;
  transactionCount: number;
  transactionSum: number;
}

/**
 * Everything the read models must agree on with the replayed ledger: the balance document (balance,
 * held, available, and that it has applied the last event) and the transaction history (one row
 * per money-moving event, summing to the balance). Returns one line per disagreement.
 */
export function compareWithReadModel(recorded: RecordedEvent[], audit: { lines: AuditLine[]; balance: number; ok: boolean }, figures: ReadModelFigures): string[] {
  const problems = audit.lines.filter((line) => !line.ok).map((line) =>
    `revision ${line.revision} (${line.type}): recorded balance ${line.recordedBalance}, replayed ${line.computedBalance}`);
  const last = recorded[recorded.length - 1];
  const held = last ? heldTotal((last.data as { holdsAfter: Holds }).holdsAfter) : 0;
  const doc = figures.balance;
  if (!last) {
    if (doc && doc.balance !== 0) problems.push(`no ledger events, but the read model shows balance ${doc.balance}`);
  } else if (!doc) {
    problems.push('the credit_balances read model has no document for this account');
  } else {
    if (doc.balance !== audit.balance) problems.push(`read model balance ${doc.balance} != replayed ${audit.balance}`);
    if (doc.held !== held) problems.push(`read model held ${doc.held} != replayed ${held}`);
    if (doc.available !== audit.balance - held) problems.push(`read model available ${doc.available} != replayed ${audit.balance - held}`);
    if ((doc._position ?? -1) < last.position) problems.push(`read model is behind: applied position ${doc._position}, ledger at ${last.position}`);
  }
  const transactions = audit.lines.filter((line) => line.transactionType !== null);
  if (figures.transactionCount !== transactions.length) problems.push(`credit_transactions has ${figures.transactionCount} rows, the ledger ${transactions.length} transactions`);
  if (figures.transactionSum !== audit.balance) problems.push(`credit_transactions amounts sum to ${figures.transactionSum}, the replayed balance is ${audit.balance}`);
  return problems;
}
