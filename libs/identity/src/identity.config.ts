import type { AppConfig } from '@lib/config';
import { provideConfigSlice } from '@lib/platform';

/** What libs/identity reads of the configuration: the dashboard's settings (public URL, sessions, trial credits, throttles). */
export type IdentityConfig = AppConfig['dashboard'];

/** DI token of IdentityConfig (a type, so it needs a token); IdentityModule and SignUpAccountModule provide it. */
export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');

export const identityConfigProvider = provideConfigSlice(IDENTITY_CONFIG, (config): IdentityConfig => config.dashboard);
