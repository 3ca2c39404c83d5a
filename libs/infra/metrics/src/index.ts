// The public surface of metrics: the process's registry and the series every process has, the module, how
// the scrape is exposed and answered, and the label helpers the app's domain series use. It knows no domain.
export { Metrics } from './metrics';
export { oneOf, statusClass } from './label-values';
export { MetricsModule } from './metrics.module';
export { METRICS_CONFIG } from './metrics.config';
export { METRICS_PATH, answerScrape } from './exposure/scrape';
export { MetricsExposure } from './exposure/metrics-exposure';
