import { Module, OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ProjectionRegistry } from '@lib/platform';
import { accountsConfigProvider } from './accounts.config';
import { ApiKeyAuthenticator } from './authenticate/api-key-authenticator';
import { KeyCommandRunner } from './shared/key-command';
import { IssueApiKeyHandler } from './issue-api-key/issue-api-key.handler';
import { OpenAccountHandler } from './open-account/open-account.handler';
import { accountsProjection } from './open-account/accounts.projection';
import { apiKeysProjection } from './authenticate/api-keys.projection';
import { RevokeApiKeyHandler } from './revoke-api-key/revoke-api-key.handler';
import { RotateApiKeyHandler } from './rotate-api-key/rotate-api-key.handler';
import { RestrictApiKeyHandler } from './restrict-api-key/restrict-api-key.handler';
import { KeyLastUsed } from './usage/key-last-used';
import { AccountStatusHandler, CloseAccountHandler } from './close-account/close-account.handler';
import { TeamRoleHandler } from './get-team-role/team-role.handler';
import { AccountTeams } from './run-team-commands/account-teams';
import { AccountOpenedHandler } from './open-account/account-opened.handler';
import { ApiKeyReadyHandler, GetApiKeyHandler, ListApiKeysHandler } from './list-api-keys/list-api-keys.handler';

@Module({
  imports: [CqrsModule],
  providers: [
    accountsConfigProvider,
    KeyCommandRunner,
    OpenAccountHandler,
    IssueApiKeyHandler,
    RevokeApiKeyHandler,
    RotateApiKeyHandler,
    RestrictApiKeyHandler,
    CloseAccountHandler,
    AccountStatusHandler,
    TeamRoleHandler,
    AccountOpenedHandler,
    ListApiKeysHandler,
    GetApiKeyHandler,
    ApiKeyReadyHandler,
    ApiKeyAuthenticator,
    KeyLastUsed,
    AccountTeams,
  ],
  exports: [ApiKeyAuthenticator, KeyLastUsed, AccountTeams],
})
export class AccountsModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionRegistry) {}

  onModuleInit(): void {
    this.projections.register(accountsProjection, apiKeysProjection);
  }
}
