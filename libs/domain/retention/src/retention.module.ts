import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountRetention } from './account-retention/account-retention';
import { ChooseRetentionHandler, GetRetentionHandler } from './choose-retention/choose-retention.handler';
import { HistoryRetentionSweeper } from './enforce-history/history-retention.sweeper';
import { RetentionConfigModule } from './retention.config';

/** Each account's retention choice: the dashboard's command and query, and the reader sweeps use. */
@Module({
  imports: [CqrsModule, RetentionConfigModule],
  providers: [AccountRetention, ChooseRetentionHandler, GetRetentionHandler],
  exports: [AccountRetention],
})
export class RetentionModule {}

/** The worker role's history retention sweep. */
@Module({ imports: [RetentionModule], providers: [HistoryRetentionSweeper], exports: [HistoryRetentionSweeper] })
export class HistoryRetentionModule {}
