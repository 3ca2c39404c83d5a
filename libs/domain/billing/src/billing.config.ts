import type { PaymentsConfig } from '@lib/config';
import { provideConfigSlice } from '@lib/platform';

/** DI token of PaymentsConfig, what libs/domain/billing reads (the payment processor, when orders are recovered). */
export const PAYMENTS_CONFIG = Symbol('PAYMENTS_CONFIG');

/** BillingModule provides and exports it. */
export const paymentsConfigProvider = provideConfigSlice(PAYMENTS_CONFIG, (config): PaymentsConfig => config.payments);
