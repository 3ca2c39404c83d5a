import type { NewEvent } from '@lib/eventstore';
import { jobStream } from '@lib/jobs';
import { accountScopePrefix, erasureScope, jobScope } from '@lib/personal-data';
import type { CrashPoint } from './crash-points';

/** What one erasure under test covers: the account (whose only erasure it is), its list job, the address. */
export interface ErasureSubject {
  accountId: string;
  jobId: number;
  address: string;
}

/** A step of the erasure workflow where a run is killed, named once and matched against one subject. */
export interface ErasureStep {
  name: string;
  when: CrashPoint['when'];
  matches(subject: ErasureSubject, streamId: string, event: NewEvent): boolean;
}

const data = (event: NewEvent) => event.data as Record<string, any>;
const scopesOf = (event: NewEvent): string[] => data(event).scopes ?? [];
const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

/** The step of a subject as a crash point (fired at most once per arming). */
export function crashPointOf(step: ErasureStep, subject: ErasureSubject): CrashPoint {
  return { name: step.name, when: step.when, matches: (streamId, event) => step.matches(subject, streamId, event) };
}

/** Both sides of one step. */
const around = (name: string, matches: ErasureStep['matches']): ErasureStep[] => [
  { name, when: 'before', matches },
  { name, when: 'after', matches },
];

// The workflow's own records, before the cleanup and at its end.
const keysRecorded: ErasureStep = {
  name: 'ErasureKeysDestroyed',
  when: 'after',
  matches: (s, _, e) => e.type === 'ErasureKeysDestroyed' && data(e).accountId === s.accountId,
};
const completed = around(
  'ErasureCompleted',
  (s, _, e) => e.type === 'ErasureCompleted' && data(e).accountId === s.accountId,
);
// Right after ErasureCompleted: the scope the request sealed its address under (every kind has one).
const requestForgotten: ErasureStep = {
  name: "the erasure's own scope destroyed",
  when: 'after',
  matches: (s, _, e) =>
    e.type === 'destroy' && scopesOf(e).some((scope) => scope.startsWith(erasureScope(s.accountId, ''))),
};
const jobBlobDeleted: ErasureStep = {
  name: "the job's first file deleted",
  when: 'after',
  matches: (s, _, e) => e.type === 'delete:blob' && data(e).key.startsWith(`jobs/${s.jobId}/`),
};
const jobFilesPurged: ErasureStep = {
  name: 'JobFilesPurged',
  when: 'after',
  matches: (s, streamId, e) => e.type === 'JobFilesPurged' && streamId === jobStream(s.jobId),
};
const knownAddressForgotten: ErasureStep = {
  name: 'the finder known addresses rewritten',
  when: 'after',
  matches: (s, _, e) => e.type === 'upsert:finder_known_addresses' && data(e)._id === domainOf(s.address),
};

/** "Delete now" of one job: the job's key, its files, the purge record, its bus messages. */
export const JOB_ERASURE_STEPS: ErasureStep[] = [
  ...around(
    "the job's key destroyed",
    (s, _, e) => e.type === 'destroy' && scopesOf(e).includes(jobScope(s.accountId, s.jobId)),
  ),
  keysRecorded,
  jobBlobDeleted,
  jobFilesPurged,
  {
    name: "the job's bus messages forgotten",
    when: 'after',
    matches: (s, _, e) => e.type === 'forget:bus' && data(e).value === s.jobId,
  },
  ...completed,
  requestForgotten,
];

/** A data subject's request: the address key, the job's file rewritten, its row result, the finder's memory, the bus. */
export const ADDRESS_ERASURE_STEPS: ErasureStep[] = [
  ...around(
    'the address key destroyed',
    (s, _, e) =>
      e.type === 'destroy' && scopesOf(e).some((scope) => scope.startsWith(`account:${s.accountId}:address:`)),
  ),
  keysRecorded,
  {
    name: "the job's upload rewritten",
    when: 'after',
    matches: (s, _, e) => e.type === 'put:blob' && data(e).key === `jobs/${s.jobId}/original`,
  },
  {
    name: "the address's row result deleted",
    when: 'after',
    matches: (s, _, e) => e.type === 'delete:job_results' && String(data(e)._id).startsWith(`${s.jobId}:`),
  },
  knownAddressForgotten,
  {
    name: 'the bus messages holding the address forgotten',
    when: 'after',
    matches: (s, _, e) => e.type === 'forget:bus' && data(e).holding === s.address,
  },
  ...completed,
  requestForgotten,
];

/** Counts the matches of a step, firing on the n-th: the closure destroys its prefixes twice. */
function nth(n: number, matches: ErasureStep['matches']): ErasureStep['matches'] {
  let seen = 0;
  return (s, streamId, e) => matches(s, streamId, e) && ++seen === n;
}

const prefixDestroyed: ErasureStep['matches'] = (s, _, e) =>
  e.type === 'destroyPrefix' && scopesOf(e)[0] === accountScopePrefix(s.accountId);

/** A closure: every key under the account's prefixes, its jobs purged, the finder's memory, the bus, the prefixes again. */
export function accountErasureSteps(): ErasureStep[] {
  return [
    ...around("the account's prefix destroyed", prefixDestroyed),
    keysRecorded,
    jobBlobDeleted,
    jobFilesPurged,
    {
      name: "the account's bus messages forgotten",
      when: 'after',
      matches: (s, _, e) => e.type === 'forget:bus' && data(e).value === s.accountId,
    },
    knownAddressForgotten,
    { name: "the account's prefix destroyed again", when: 'after', matches: nth(2, prefixDestroyed) },
    ...completed,
    requestForgotten,
  ];
}
