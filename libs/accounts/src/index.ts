// The public surface of accounts: its module, commands, the authenticator, the events other libs
// read, and the read models the dashboard still queries directly (API keys, team members, usage).
export { AccountsModule } from './accounts.module';
export { ApiKeyAuthenticator, type Principal } from './authenticate/api-key-authenticator';
export { OpenAccountCommand, type OpenedAccount } from './open-account/open-account.command';
export { IssueApiKeyCommand, type IssuedKey } from './issue-api-key/issue-api-key.command';
export { RevokeApiKeyCommand, type RevokedKey } from './revoke-api-key/revoke-api-key.command';
export { RotateApiKeyCommand, type RotatedKey } from './rotate-api-key/rotate-api-key.command';
// The team commands (invite, accept, remove) run on the decider from the dashboard until they get handlers here.
export { accountDecider, accountStream, type AccountState, type TeamMemberRole } from './domain/account.decider';
export type { AccountCommand, TeamRole } from './domain/account.commands';
export type { AccountEvent } from './domain/account.events';
export { API_KEYS_COLLECTION, type ApiKeyDoc } from './authenticate/api-keys.projection';
export { TEAM_MEMBERS_COLLECTION, type TeamMemberDoc } from './team-members/team-members.projection';
export { KeyLastUsed } from './usage/key-last-used';
export { USAGE_FACTS_COLLECTION, USAGE_TOPICS, usageFactOf, type UsageFactDoc } from './usage/usage-fact';
