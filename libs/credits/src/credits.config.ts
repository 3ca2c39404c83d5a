import type { AppConfig } from '@lib/config';
import { provideConfigSlice } from '@lib/platform';

/** What libs/credits reads of the configuration: the credit packages, hold expiry and the payment processor. */
export type CreditsConfig = AppConfig['credits'] & { payments: AppConfig['payments'] };

/** DI token of CreditsConfig (a type, so it needs a token); CreditsModule provides and exports it. */
export const CREDITS_CONFIG = Symbol('CREDITS_CONFIG');

export function creditsConfigFrom(config: AppConfig): CreditsConfig {
  return { ...config.credits, payments: config.payments };
}

export const creditsConfigProvider = provideConfigSlice(CREDITS_CONFIG, creditsConfigFrom);
