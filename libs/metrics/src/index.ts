export * from './metrics';
export * from './metrics.module';
export { LAG_CAP } from './projection-lag-metrics';
export type { LagSource } from './projection-lag-metrics';
export * from './exposure/scrape';
export * from './exposure/metrics-exposure';
