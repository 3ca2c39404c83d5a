/** DI token of MetricsConfig (METRICS_*; a type, so it needs a token); MetricsModule.forRoot provides it to every module (the HTTP host's /metrics route). */
export const METRICS_CONFIG = Symbol('METRICS_CONFIG');
