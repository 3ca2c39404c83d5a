// The public surface of accounts: its module, its commands (open an account; issue, revoke, rotate a key;
// invite, accept, remove a team member, withdraw an invitation) and queries (team members, pending
// invitations, API keys, a member's current role), the authenticator and the key-usage clock the API injects, and the events
// other libs read.
export { AccountsModule } from './accounts.module';
export { ApiKeyAuthenticator, type Principal } from './authenticate/api-key-authenticator';
export { OpenAccountCommand, type OpenedAccount } from './open-account/open-account.command';
export { AccountOpenedQuery } from './open-account/account-opened.query';
export { IssueApiKeyCommand, type IssuedKey } from './issue-api-key/issue-api-key.command';
export { RevokeApiKeyCommand, type RevokedKey } from './revoke-api-key/revoke-api-key.command';
export { RotateApiKeyCommand, type RotatedKey } from './rotate-api-key/rotate-api-key.command';
export { RestrictApiKeyCommand, type RestrictedKey } from './restrict-api-key/restrict-api-key.command';
export { KEY_SCOPES, type KeyScope, type KeyRestrictions, type KeyRestrictionsChange } from './domain/key-restrictions';
export { API_KEY_KINDS, type ApiKeyKind } from './domain/key-kind';
export { originAllowed } from './domain/key-origins';
export { InviteMemberCommand, type Invitation } from './invite-member/invite-member.command';
export { AcceptInviteCommand, type JoinedTeam } from './accept-invite/accept-invite.command';
export { RemoveMemberCommand, type RemovedMember } from './remove-member/remove-member.command';
export { AccountStatusQuery, CloseAccountCommand, type ClosedAccount } from './close-account/close-account.command';
export { RevokeInviteCommand, type RevokedInvite } from './revoke-invite/revoke-invite.command';
export { ListTeamMembersQuery, type TeamMember } from './list-team-members/list-team-members.query';
export { TeamRoleQuery } from './list-team-members/team-role.query';
export { ListInvitesQuery, type PendingInvite } from './list-invites/list-invites.query';
export {
  ApiKeyReadyQuery,
  GetApiKeyQuery,
  ListApiKeysQuery,
  type ApiKeyView,
} from './list-api-keys/list-api-keys.query';
export type { TeamRole } from './domain/account.commands';
export type { TeamMemberRole } from './domain/account.decider';
export type { AccountEvent } from './domain/account.events';
export { KeyLastUsed } from './usage/key-last-used';
