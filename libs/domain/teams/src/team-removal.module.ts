import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { SwitchTeamModule } from '@lib/identity';
import { MemberRemovedConsumer } from './remove-member/member-removed.consumer';

/** The worker's consumer of MemberRemoved that completes a member's removal on their user stream. */
@Module({ imports: [CqrsModule, SwitchTeamModule], providers: [MemberRemovedConsumer] })
export class TeamRemovalModule {}
