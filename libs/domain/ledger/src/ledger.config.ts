import type { CreditsConfig } from '@lib/config';
import { provideConfigSlice } from '@lib/platform';

/** What libs/domain/ledger reads of the configuration: how long a credit hold may stay open before it is swept. */
export type LedgerConfig = Pick<CreditsConfig, 'holdExpirySeconds'>;

/** DI token of LedgerConfig (a type, so it needs a token); LedgerModule provides and exports it. */
export const LEDGER_CONFIG = Symbol('LEDGER_CONFIG');

export const ledgerConfigProvider = provideConfigSlice(LEDGER_CONFIG, (config): LedgerConfig => ({
  holdExpirySeconds: config.credits.holdExpirySeconds,
}));
