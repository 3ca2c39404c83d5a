import { Module } from '@nestjs/common';
import { UsageAnalyticsConsumer } from './record-usage/usage-analytics.consumer';

/** Usage analytics fed by the analytics topics (the design card's "analytics via Kafka topics"). */
@Module({ providers: [UsageAnalyticsConsumer] })
export class UsageAnalyticsModule {}
