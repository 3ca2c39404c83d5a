import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ListUsageFactsHandler } from './list-usage/list-usage-facts.handler';

/** The read side of usage analytics: the facts the team's usage report sums (written by UsageAnalyticsModule). */
@Module({ imports: [CqrsModule], providers: [ListUsageFactsHandler] })
export class UsageModule {}
