import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits.module';
import { ExpiredHoldSweeper } from './expired-hold.sweeper';

/** Worker-role only: one sweeper per deployment is enough, and releases are idempotent if there are more. */
@Module({
  imports: [CreditsModule],
  providers: [ExpiredHoldSweeper],
  exports: [ExpiredHoldSweeper],
})
export class CreditHoldSweeperModule {}
