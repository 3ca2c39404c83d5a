// For tests and benchmarks only (production code never imports it: a layer rule refuses it): the
// engine with its port and pure steps the finder bench times, the call and batch streams and the
// decider the hold-sweeper and idempotency specs record into, and the read models specs inspect.
export { EmailFinder } from '../domain/find-email';
export { DomainFormatSource, type KnownAddressRecord } from '../finder.ports';
export { FINDER_PRICE, finderCallDecider, finderCallStream } from '../domain/finder-call.decider';
export { finderBatchStream, type FinderBatchAnswered } from '../domain/finder-batch.events';
export { validateFinderInput } from '../domain/input/finder-input';
export { normaliseName } from '../domain/naming/normalise-name';
export { generateCandidates } from '../domain/candidates/generate-candidates';
export { COMMON_PATTERNS, type PatternName } from '../domain/candidates/email-patterns';
export { KNOWN_ADDRESSES_COLLECTION } from '../known-addresses/known-addresses.projection';
export { FINDER_JOB_RESULTS_COLLECTION } from '../query-finder-jobs/finder-job.projection';
