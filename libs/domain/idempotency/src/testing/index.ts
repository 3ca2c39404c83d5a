// For tests only (production code never imports it: a layer rule refuses it): the gate's stream and
// hash, so crash and retry specs can read what the gate recorded for a key.
export { idempotencyStream } from '../domain/idempotency.events';
export { sha256 } from '../idempotency-key';
