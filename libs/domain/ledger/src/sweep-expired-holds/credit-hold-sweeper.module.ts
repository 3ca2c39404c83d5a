import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger.module';
import { ExpiredHoldSweeper } from './expired-hold.sweeper';

/** Worker-role only: one sweeper per deployment is enough, and releases are idempotent if there are more. */
@Module({
  imports: [LedgerModule],
  providers: [ExpiredHoldSweeper],
  exports: [ExpiredHoldSweeper],
})
export class CreditHoldSweeperModule {}
