import { Module } from '@nestjs/common';
import { BillingModule } from '../billing.module';
import { OrderRecoverySweeper } from './order-recovery.sweeper';

/** Worker-role only: one sweeper per deployment is enough, and every step it takes is idempotent if there are more. */
@Module({
  imports: [BillingModule],
  providers: [OrderRecoverySweeper],
  exports: [OrderRecoverySweeper],
})
export class OrderRecoveryModule {}
