import type { Upcasters } from '@lib/common';
import type { CreditLedgerEvent } from './credit-ledger.events';

// ledger events are stored forever; an upcaster here reads a shape stored before today's (CONTRIBUTING.md,
// "When a stored shape changes"). None yet: every stored ledger event is in today's shape. Every reader
// applies these, inside this lib through the decider and outside it (bus consumers) through this name.
export const CREDIT_LEDGER_UPCASTERS: Upcasters<CreditLedgerEvent> = {};
