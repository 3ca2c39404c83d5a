import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits.module';
import { OrderRecoverySweeper } from './order-recovery.sweeper';

/** Worker-role only: one sweeper per deployment is enough, and every step it takes is idempotent if there are more. */
@Module({
  imports: [CreditsModule],
  providers: [OrderRecoverySweeper],
  exports: [OrderRecoverySweeper],
})
export class OrderRecoveryModule {}
