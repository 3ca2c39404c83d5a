// The public surface of metrics: the instruments, the module, and how the scrape is exposed and answered.
export { Metrics } from './metrics';
export { MetricsModule } from './metrics.module';
export { METRICS_CONFIG, type MetricsConfig } from './metrics.config';
export { LAG_CAP, type LagSource } from './projection-lag-metrics';
export { METRICS_PATH, answerScrape, type ScrapeAnswer } from './exposure/scrape';
export { MetricsExposure, exposureOf, type MetricsExposureMode } from './exposure/metrics-exposure';
