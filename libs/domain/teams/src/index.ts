// The public surface of teams: its modules (TeamsModule for the api; TeamMembersModule, the read model, for the
// projector and the worker; TeamRemovalModule, the worker's MemberRemoved consumer; AccountOpeningModule for the
// api, the worker and the CLI), the services and queries the dashboard's routes call, who may manage a team, and
// AccountOpening, the one way to open an account with its starting credits.
export { TeamsModule } from './teams.module';
export { TeamMembersModule } from './team-members.module';
export { TeamRemovalModule } from './team-removal.module';
export { AccountOpeningModule } from './account-opening.module';
export { AccountOpening } from './open-account/account-opening';
export { TeamInvitationsService } from './invite-member/team-invitations.service';
export { MemberRemovalService } from './remove-member/member-removal.service';
export { ListTeamMembersQuery } from './list-team-members/list-team-members.query';
export { ShowTeamQuery } from './show-team/show-team.query';
export { TeamUsageQuery } from './report-usage/team-usage.query';
export { requireManager } from './shared/team-roles';
