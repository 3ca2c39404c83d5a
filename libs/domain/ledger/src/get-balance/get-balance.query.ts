import { Query } from '@nestjs/cqrs';

/** GET /v1/credits/balance. Read from the projected read model, so it may trail the ledger slightly. */
export interface BalanceView {
  balance: number;
  /** Credits set aside for verifications in flight. */
  held: number;
  /** balance - held: what the next request can spend. */
  available: number;
  /** Time of the latest ledger change reflected in these figures (null before the first one). */
  updatedAt: string | null;
  /** When this answer was produced. */
  asOf: string;
  /** Upper bound on how far the figures may trail the ledger. */
  maxStalenessSeconds: number;
}

export class GetBalanceQuery extends Query<BalanceView> {
  constructor(readonly accountId: string) {
    super();
  }
}
