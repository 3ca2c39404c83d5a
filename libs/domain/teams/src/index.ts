// The public surface of teams: the team's use cases (invitations, removal, the team and its usage as the
// dashboard shows them, who may manage it) and opening an account with its starting credits. Its modules:
// TeamsModule (api), TeamMembersModule (the read model, for the projector and the worker), TeamRemovalModule
// (the worker's MemberRemoved consumer), AccountOpeningModule (api, worker, CLI).
export { TeamsModule } from './teams.module';
export { TeamMembersModule } from './team-members.module';
export { TeamRemovalModule } from './team-removal.module';
export { AccountOpeningModule } from './account-opening.module';
export { AccountOpening, type OpenedWithKey } from './open-account/account-opening';
export { TeamInvitationsService } from './invite-member/team-invitations.service';
export { InviteMemberCommand, type Invitation } from './invite-member/invite-member.command';
export { AcceptInviteCommand, type JoinedTeam } from './accept-invite/accept-invite.command';
export { RevokeInviteCommand, type RevokedInvite } from './revoke-invite/revoke-invite.command';
export { ListInvitesQuery, type PendingInvite } from './list-invites/list-invites.query';
export { MemberRemovalService } from './remove-member/member-removal.service';
export { RemoveMemberCommand, type RemovedMember } from './remove-member/remove-member.command';
export { ListTeamMembersQuery, type TeamMember } from './list-team-members/list-team-members.query';
export { ShowTeamQuery, type TeamMemberView, type TeamView } from './show-team/show-team.query';
export { TeamUsageQuery, type TeamUsageReport, type UsageTotals } from './report-usage/team-usage.query';
export { requireManager } from './shared/team-roles';
