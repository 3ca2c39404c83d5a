import type { AppConfig } from '@lib/config';
import { provideConfigSlice } from '@lib/platform';

/** What libs/metrics reads of the configuration: where /metrics is served and the token it requires (METRICS_*). */
export type MetricsConfig = AppConfig['metrics'];

/** DI token of MetricsConfig (a type, so it needs a token); MetricsModule provides it to every module (the HTTP host's /metrics route). */
export const METRICS_CONFIG = Symbol('METRICS_CONFIG');

export const metricsConfigProvider = provideConfigSlice(METRICS_CONFIG, (config): MetricsConfig => config.metrics);
