import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { SwitchTeamModule } from '@lib/identity';
import { TeamRemovalConsumer } from './team-removal.consumer';

/** The worker's reactor that completes a member's removal on their user stream. */
@Module({ imports: [CqrsModule, SwitchTeamModule], providers: [TeamRemovalConsumer] })
export class TeamRemovalModule {}
