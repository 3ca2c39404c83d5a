export { IdempotencyModule } from './idempotency.module';
export { IdempotencyGate, type FinishingWork, type GateTiming, type IdempotentAttempt } from './idempotency-gate';
export { IDEMPOTENCY_KEY_SCHEMA, parseIdempotencyKey, requestFingerprint } from './idempotency-key';
export { IDEMPOTENCY_PERSONAL_DATA } from './domain/idempotency-personal-data';
