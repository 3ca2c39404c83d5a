import { CrashPoint, paidChunkSteps } from '../../support/harness/crash-points';
import { describeUnderFaults, HarnessScenario } from '../../support/harness/redelivery-harness';
import { bulkJob, finderJob, webhookedJob } from './job-scenarios';
import { autoTopup, failingAutoTopup, signUpTrial, trialGrant, usageAnalytics, usageFact } from './account-scenarios';

/**
 * Every bus consumer under at-least-once delivery: each message (and each event a projection reads) is
 * delivered twice, and in further runs the handler is killed at each step of its work. The final state
 * (ledger, job counts, rows, the transaction history) must equal a clean run's.
 */
/** A job's dispatch: killed once its start is recorded, and once the first chunk is on the bus. */
const dispatchSteps = (startedType: string, chunkTopic: string): CrashPoint[] => [
  { name: startedType, when: 'after', matches: (_, e) => e.type === startedType },
  { name: `the first ${chunkTopic} publish`, when: 'after', matches: (_, e) => e.type === `publish:${chunkTopic}` },
];

/** Bulk chunks are 2 addresses here (JOB_CHUNK_SIZE=2), so the job has 3 first-pass chunks and a greylisting retry. */
const FIRST_PASS_CHUNKS = 3;

const consumers: Array<{ name: string; scenario: HarnessScenario; steps: CrashPoint[] }> = [
  {
    name: 'bulk job chunks',
    scenario: bulkJob,
    steps: paidChunkSteps('job_chunk', 'ChunkCompleted', (n) => n < FIRST_PASS_CHUNKS),
  },
  {
    name: 'greylisting retries',
    scenario: bulkJob,
    steps: paidChunkSteps('job_chunk', 'ChunkCompleted', (n) => n >= FIRST_PASS_CHUNKS),
  },
  { name: 'bulk job dispatch', scenario: bulkJob, steps: dispatchSteps('JobStarted', 'jobs.chunks') },
  { name: 'finder job chunks', scenario: finderJob, steps: paidChunkSteps('finder_job_chunk', 'FinderChunkCompleted') },
  { name: 'finder job dispatch', scenario: finderJob, steps: dispatchSteps('FinderJobStarted', 'finder.chunks') },
  {
    // Each step of the top-up's order: the crossing claimed, the price fixed, the payment recorded, the
    // outcome recorded, the invoice issued, the credits added, the order marked credited.
    name: 'automatic top-up',
    scenario: autoTopup,
    // (The sign-up's trial grant is a CreditsAdded too: only the order's counts.)
    steps: [
      'AutoTopupTriggered',
      'OrderQuoted',
      'OrderPlaced',
      'OrderCompleted',
      'InvoiceIssued',
      'CreditsAdded',
      'OrderCredited',
    ].map((type): CrashPoint => ({
      name: `the ${type} record`,
      when: 'after',
      matches: (_, e) =>
        e.type === type &&
        (type !== 'CreditsAdded' || (e.data as { source: { kind: string } }).source.kind === 'order'),
    })),
  },
  {
    name: 'sign-up accounts and trial credits',
    scenario: signUpTrial,
    steps: [
      { name: 'the EmailConfirmed record', when: 'after', matches: (_, e) => e.type === 'EmailConfirmed' },
      { name: 'the AccountOpened record', when: 'after', matches: (_, e) => e.type === 'AccountOpened' },
      { name: 'the trial grant', when: 'before', matches: trialGrant },
      { name: 'the trial grant', when: 'after', matches: trialGrant },
    ],
  },
  {
    name: 'failing automatic top-up',
    scenario: failingAutoTopup,
    steps: [
      ...['AutoTopupTriggered', 'AutoTopupFailed'].map((type): CrashPoint => ({
        name: `the ${type} record`,
        when: 'after',
        matches: (_, e) => e.type === type,
      })),
      // Before: the mail is sent, its record is not.
      ...(['before', 'after'] as const).map((when): CrashPoint => ({
        name: 'the AutoTopupOwnerNotified record',
        when,
        matches: (_, e) => e.type === 'AutoTopupOwnerNotified',
      })),
    ],
  },
  {
    // The consumer's one step is the fact's write (a read-model upsert): killed before and after it, for
    // each kind of call event.
    name: 'usage analytics',
    scenario: usageAnalytics,
    steps: [
      { name: 'the usage fact of a single verification', when: 'before', matches: usageFact('verification', 1) },
      { name: 'the usage fact of a single verification', when: 'after', matches: usageFact('verification', 1) },
      { name: 'the usage fact of a batch verification', when: 'after', matches: usageFact('verification', 2) },
      { name: "the usage fact of a bulk job's chunk", when: 'after', matches: usageFact('verification', 3) },
      { name: 'the usage fact of a finder call', when: 'after', matches: usageFact('finder', 1) },
      { name: "the usage fact of a finder job's chunk", when: 'after', matches: usageFact('finder', 2) },
    ],
  },
  {
    name: 'webhook deliveries',
    scenario: webhookedJob,
    steps: ['DeliveryScheduled', 'DeliveryAttemptStarted', 'DeliverySucceeded'].map((type): CrashPoint => ({
      name: `the ${type} record`,
      when: 'after',
      matches: (_, e) => e.type === type,
    })),
  },
];

describeUnderFaults(consumers);
