import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ListUsageFactsHandler } from './list-usage/list-usage-facts.handler';
import { TeamUsageHandler } from './team-usage/team-usage.handler';

/** The read side of usage analytics: the queries the dashboard asks (the facts are written by UsageAnalyticsModule). */
@Module({ imports: [CqrsModule], providers: [ListUsageFactsHandler, TeamUsageHandler] })
export class UsageModule {}
