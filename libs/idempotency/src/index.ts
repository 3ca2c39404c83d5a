export { IdempotencyModule } from './idempotency.module';
export { IdempotencyGate, type GateResult, type GateTiming, type IdempotentAttempt } from './idempotency-gate';
export { IDEMPOTENCY_KEY_SCHEMA, parseIdempotencyKey, requestFingerprint, sha256 } from './idempotency-key';
export { idempotencyStream, type IdempotencyEvent } from './domain/idempotency.events';
