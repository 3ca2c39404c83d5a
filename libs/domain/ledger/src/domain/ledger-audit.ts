import { upcast } from '@lib/common';
import type { RecordedEvent } from '@lib/eventstore';
import { creditLedgerDecider, heldTotal } from './credit-ledger.decider';
import { CreditLedgerEvent } from './credit-ledger.events';

export interface AuditLine {
  revision: number;
  type: string;
  at: string;
  delta: number;
  transactionType: 'Added' | 'Used' | 'Adjusted' | null;
  recordedBalance: number;
  computedBalance: number;
  reference: string;
  ok: boolean;
}

/** The balance change an event makes, computed from its amounts alone. */
export function balanceDelta(event: CreditLedgerEvent): number {
  switch (event.type) {
    case 'CreditsAdded':
      return event.data.amount + event.data.bonus;
    case 'CreditsAdjusted':
      return event.data.amount;
    case 'CreditsUsed':
      return -event.data.amount;
    default:
      return 0;
  }
}

export function transactionType(event: CreditLedgerEvent): AuditLine['transactionType'] {
  return event.type === 'CreditsAdded'
    ? 'Added'
    : event.type === 'CreditsUsed'
      ? 'Used'
      : event.type === 'CreditsAdjusted'
        ? 'Adjusted'
        : null;
}

export interface LedgerReplay {
  lines: AuditLine[];
  /** The balance re-derived from the amounts alone. */
  balance: number;
  /** Credits held after the last event (its recorded holds; 0 for an empty ledger). */
  held: number;
  /** Every event's recorded balance equals the re-derived one, which never went negative. */
  ok: boolean;
}

/**
 * Re-derives the balance from the start by summing amounts, independently of the running balance
 * each event records, and flags every event where the two disagree or the balance goes negative.
 */
export function auditLedger(recorded: RecordedEvent[]): LedgerReplay {
  let balance = 0;
  const lines = recorded.map((r) => {
    const event = upcast<CreditLedgerEvent>(r, creditLedgerDecider.upcasters);
    const delta = balanceDelta(event);
    balance += delta;
    const reference =
      'reference' in event.data
        ? event.data.reference
        : 'reason' in event.data
          ? event.data.reason
          : event.data.transactionId;
    return {
      revision: r.revision,
      type: r.type,
      at: event.data.at,
      delta,
      transactionType: transactionType(event),
      recordedBalance: event.data.balanceAfter,
      computedBalance: balance,
      reference: String(reference),
      ok: event.data.balanceAfter === balance && balance >= 0,
    };
  });
  // Only the holds recorded by the last event count (summing every event's would be thrown away).
  const last = recorded.at(-1);
  const held = last ? heldTotal(upcast<CreditLedgerEvent>(last, creditLedgerDecider.upcasters).data.holdsAfter) : 0;
  return { lines, balance, held, ok: lines.every((line) => line.ok) };
}
