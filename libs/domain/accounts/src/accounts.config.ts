import type { AppConfig } from '@lib/config';
import { provideConfigSlice } from '@lib/platform';

/** What libs/domain/accounts reads of the configuration: how many active keys one account may hold. */
export type AccountsConfig = Pick<AppConfig, 'maxKeysPerAccount'>;

/** DI token of AccountsConfig (a type, so it needs a token); AccountsModule provides it. */
export const ACCOUNTS_CONFIG = Symbol('ACCOUNTS_CONFIG');

export const accountsConfigProvider = provideConfigSlice(ACCOUNTS_CONFIG, (config): AccountsConfig => config);
