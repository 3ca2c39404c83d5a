import { Query } from '@nestjs/cqrs';
import type { AuditLine } from '../domain/ledger-audit';
import type { ReadModelStatus } from './ledger-comparison';

/** What the read models show for the account, as the audit compared it. */
export interface AuditedReadModel {
  balance: number;
  held: number;
  available: number;
  /** The last ledger position the balance document applied (null if it records none). */
  position: number | null;
  transactions: number;
}

export interface LedgerAudit {
  accountId: string;
  /** Ledger events replayed. */
  events: number;
  /** One line per event: its amount, the balance it recorded and the one replayed from amounts alone. */
  lines: AuditLine[];
  /** The balance replayed from amounts alone. */
  balance: number;
  readModel: AuditedReadModel | null;
  /** Events whose recorded balance differs from the replayed one: the ledger itself is wrong. */
  ledgerProblems: string[];
  readModelStatus: ReadModelStatus;
  /** Disagreements of read models that applied every event, or why they count as behind. */
  readModelProblems: string[];
}

/**
 * Replays an account's ledger from its first event by amounts alone and checks the read models
 * (balance, transactions) against it, after giving a projector in another process up to
 * `readModelWaitMs` to apply the newest event.
 */
export class AuditLedgerQuery extends Query<LedgerAudit> {
  constructor(
    readonly accountId: string,
    readonly readModelWaitMs = 5_000,
  ) {
    super();
  }
}
