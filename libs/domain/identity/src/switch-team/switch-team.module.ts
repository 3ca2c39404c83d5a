import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { UserStreams } from '../shared/user-streams';
import { JoinTeamHandler, LeaveTeamHandler } from './switch-team.handlers';

/**
 * JoinTeam and LeaveTeam on the user stream, for the API (accepting an invitation, removing a member)
 * and the worker (the reactor that finishes a removal whose request died), without IdentityModule's
 * sign-in machinery.
 */
@Module({ imports: [CqrsModule], providers: [UserStreams, JoinTeamHandler, LeaveTeamHandler] })
export class SwitchTeamModule {}
