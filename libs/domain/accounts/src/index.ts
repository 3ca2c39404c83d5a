// The public surface of accounts: its module, its commands (open and close an account; issue, revoke, rotate,
// restrict a key) and queries (API keys, a member's current role), the authenticator and the key-usage clock the
// API injects, the team part of the aggregate that @lib/teams runs its use cases on (AccountTeams), and the
// events other libs read.
export { AccountsModule } from './accounts.module';
export { ApiKeyAuthenticator, type Principal } from './authenticate/api-key-authenticator';
export { OpenAccountCommand, type OpenedAccount } from './open-account/open-account.command';
export { AccountOpenedQuery } from './open-account/account-opened.query';
export { IssueApiKeyCommand } from './issue-api-key/issue-api-key.command';
export { RevokeApiKeyCommand } from './revoke-api-key/revoke-api-key.command';
export { RotateApiKeyCommand } from './rotate-api-key/rotate-api-key.command';
export { RestrictApiKeyCommand } from './restrict-api-key/restrict-api-key.command';
export { KEY_SCOPES, type KeyScope, type KeyRestrictionsChange } from './domain/key-restrictions';
export { API_KEY_KINDS, type ApiKeyKind } from './domain/key-kind';
export { originAllowed } from './domain/key-origins';
export { AccountStatusQuery, CloseAccountCommand, type ClosedAccount } from './close-account/close-account.command';
export { TeamRoleQuery } from './get-team-role/team-role.query';
export { AccountTeams } from './run-team-commands/account-teams';
export { isPendingInvite } from './domain/account-team';
export {
  ApiKeyReadyQuery,
  GetApiKeyQuery,
  ListApiKeysQuery,
  type ApiKeyView,
} from './list-api-keys/list-api-keys.query';
export type { TeamRole } from './domain/account.commands';
export type { TeamMemberRole } from './domain/account.decider';
export type { AccountEvent } from './domain/account.events';
export { ACCOUNT_UPCASTERS } from './domain/account.upcast';
export { KeyLastUsed } from './usage/key-last-used';
