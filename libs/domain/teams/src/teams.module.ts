import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '@lib/accounts';
import { IdentityModule, UserDirectoryModule } from '@lib/identity';
import { MailModule } from '@lib/mail';
import { UsageModule } from '@lib/usage';
import { TeamsConfigModule } from './teams.config';
import { TeamMembersModule } from './team-members.module';
import { InviteMemberHandler } from './invite-member/invite-member.handler';
import { TeamInvitationsService } from './invite-member/team-invitations.service';
import { AcceptInviteHandler } from './accept-invite/accept-invite.handler';
import { RevokeInviteHandler } from './revoke-invite/revoke-invite.handler';
import { ListInvitesHandler } from './list-invites/list-invites.handler';
import { RemoveMemberHandler } from './remove-member/remove-member.handler';
import { MemberRemovalService } from './remove-member/member-removal.service';
import { ShowTeamHandler } from './show-team/show-team.handler';
import { TeamUsageHandler } from './report-usage/team-usage.handler';

const SERVICES = [TeamInvitationsService, MemberRemovalService];

/**
 * The team's use cases for the API: invitations (mailed, listed, withdrawn, accepted), removals, the team
 * and its usage as the dashboard shows them. The team's state is the account aggregate's (AccountTeams of
 * @lib/accounts); which account a user works in is their user stream's (JoinTeam, LeaveTeam of @lib/identity).
 */
@Module({
  imports: [
    CqrsModule,
    TeamsConfigModule,
    AccountsModule,
    IdentityModule,
    UserDirectoryModule,
    MailModule,
    UsageModule,
    TeamMembersModule,
  ],
  providers: [
    ...SERVICES,
    InviteMemberHandler,
    AcceptInviteHandler,
    RevokeInviteHandler,
    ListInvitesHandler,
    RemoveMemberHandler,
    ShowTeamHandler,
    TeamUsageHandler,
  ],
  exports: SERVICES,
})
export class TeamsModule {}
