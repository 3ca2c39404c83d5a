import type { AppConfig } from '@lib/config';

/** What libs/metrics reads of the configuration: where /metrics is served and the token it requires (METRICS_*). */
export type MetricsConfig = AppConfig['metrics'];

/** DI token of MetricsConfig (a type, so it needs a token); MetricsModule.forRoot provides it to every module (the HTTP host's /metrics route). */
export const METRICS_CONFIG = Symbol('METRICS_CONFIG');
