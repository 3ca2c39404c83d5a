import type { ProbeConfig } from '@lib/config';
import { provideConfigSlice } from '@lib/platform';

/** What libs/domain/idempotency reads of the configuration: the interactive budget, the longest a claimed request may run. */
export type IdempotencyConfig = Pick<ProbeConfig, 'interactiveBudgetMs'>;

/** DI token of IdempotencyConfig (a type, so it needs a token); IdempotencyModule provides it. */
export const IDEMPOTENCY_CONFIG = Symbol('IDEMPOTENCY_CONFIG');

export const idempotencyConfigProvider = provideConfigSlice(
  IDEMPOTENCY_CONFIG,
  (config): IdempotencyConfig => config.probe,
);
