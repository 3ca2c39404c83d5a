import type { CreditsConfig, PaymentsConfig } from '@lib/config';
import { provideConfigSlice } from '@lib/platform';

/** What libs/domain/credits reads of the configuration: the credit packages, hold expiry and the payment processor. */
export type CreditsAndPaymentsConfig = CreditsConfig & { payments: PaymentsConfig };

/** DI token of CreditsAndPaymentsConfig (a type, so it needs a token); CreditsModule provides and exports it. */
export const CREDITS_CONFIG = Symbol('CREDITS_CONFIG');

export const creditsConfigProvider = provideConfigSlice(CREDITS_CONFIG, (config): CreditsAndPaymentsConfig => ({
  ...config.credits,
  payments: config.payments,
}));
