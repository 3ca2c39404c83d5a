// Every ledger event carries the ledger's complete state after it (balance and open holds), so a
// command loads only the latest event however long the ledger grows (see runCommand load: 'last').
// Event type strings are stored forever: never rename one.

/**
 * `keyId`: the API key a paid call or a list job's chunk was made with (absent for a dashboard session's, and
 * for holds before keys were counted: paid calls before the cap, job chunks before they counted too).
 */
export type Holds = Record<
  string,
  { amount: number; purpose: string; reference: string; heldAt: string; keyId?: string }
>;
/**
 * Credits charged through each API key in the UTC calendar month `month` (YYYY-MM) of its latest charge:
 * what a key's monthly credit cap is judged on, inside the ledger's own serialized decisions. Absent
 * (events before keys were counted, and ledgers no key has charged): none.
 */
export type KeySpend = Record<string, { month: string; charged: number }>;
export type LedgerSnapshot = { balanceAfter: number; holdsAfter: Holds; keySpendAfter?: KeySpend };

export type OrderSource = {
  kind: 'order';
  orderId: string;
  packageId: number;
  promotionId: number | null;
  amountUsd: number;
  discountUsd: number;
  finalAmountUsd: number;
  unitPriceUsd: number;
  invoiceNumber: string;
  processorPaymentIntentId: string;
  processorChargeId: string;
  isAutoTopup: boolean;
  /** When the order was placed; the CreditsAdded event's `at` is when it completed. */
  createdAt: string;
};

export type CreditsAdded = {
  type: 'CreditsAdded';
  data: LedgerSnapshot & {
    accountId: string;
    transactionId: string;
    amount: number;
    bonus: number;
    source: OrderSource | { kind: 'grant'; reason: string };
    at: string;
  };
};
export type CreditsAdjusted = {
  type: 'CreditsAdjusted';
  data: LedgerSnapshot & { accountId: string; transactionId: string; amount: number; reason: string; at: string };
};
export type CreditsHeld = {
  type: 'CreditsHeld';
  data: LedgerSnapshot & {
    accountId: string;
    holdId: string;
    amount: number;
    purpose: string;
    reference: string;
    at: string;
  };
};
export type CreditsUsed = {
  type: 'CreditsUsed';
  data: LedgerSnapshot & {
    accountId: string;
    transactionId: string;
    holdId: string | null;
    amount: number;
    purpose: string;
    reference: string;
    at: string;
  };
};
export type CreditHoldReleased = {
  type: 'CreditHoldReleased';
  data: LedgerSnapshot & { accountId: string; holdId: string; amount: number; reason: string; at: string };
};

export type CreditLedgerEvent = CreditsAdded | CreditsAdjusted | CreditsHeld | CreditsUsed | CreditHoldReleased;
export const CREDIT_LEDGER_EVENT_TYPES: CreditLedgerEvent['type'][] = [
  'CreditsAdded',
  'CreditsAdjusted',
  'CreditsHeld',
  'CreditsUsed',
  'CreditHoldReleased',
];
