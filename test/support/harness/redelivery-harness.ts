import { eventually } from '@lib/common/testing';
import { EventStore } from '@lib/eventstore';
import type { MessageBus } from '@lib/messaging';
import type { ReadStore } from '@lib/readstore';
import type { TestApp } from '../test-app';
import { startTestApp } from '../test-app';
import { CrashPoint, CrashSwitch } from './crash-points';
import { CrashingEventStore } from './crashing-event-store';
import { CrashingReadStore } from './crashing-read-store';
import { TwiceDeliveringBus } from './twice-delivering-bus';

/** A world of real peers around one app: what a scenario needs started fresh for every run. */
export interface HarnessPeers {
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * One piece of work through the real app (an upload, a webhook...), and the final state it leaves:
 * whatever the customer and the books can see (ledger, job counts, rows, deliveries).
 */
export interface HarnessScenario {
  startPeers(): Promise<HarnessPeers>;
  run(app: TestApp): Promise<unknown>;
}

export interface HarnessRun {
  state: unknown;
  /** Whether the crash point was reached (a point never reached would prove nothing). */
  crashed: boolean;
}

/**
 * Runs a scenario in a fresh app. `faults` false: the plain adapters (the clean run). Otherwise every bus
 * message and every subscription event is delivered twice, and the handler reaching `crashAt` (an append, a
 * publish or a read-model write) is killed there.
 */
export async function runScenario(
  scenario: HarnessScenario,
  faults: false | { crashAt: CrashPoint | null },
): Promise<HarnessRun> {
  const peers = await scenario.startPeers();
  const crash = new CrashSwitch(faults ? faults.crashAt : null);
  const wrap = faults
    ? {
        eventStore: (s: EventStore) => new CrashingEventStore(s, crash),
        readStore: (s: ReadStore) => new CrashingReadStore(s, crash),
        bus: (b: MessageBus) => new TwiceDeliveringBus(b, crash),
      }
    : undefined;
  const app = await startTestApp(peers.env, { wrap });
  try {
    return { state: await scenario.run(app), crashed: crash.hasFired };
  } finally {
    await app.close();
    await peers.close();
  }
}

/** The ledger as the customer's books see it: balance, nothing left held, and each charge once. */
export async function ledgerState(app: TestApp, accountId: string) {
  const events = await app.running.app.get(EventStore).readStream(`credits-${accountId}`);
  const last = events[events.length - 1]?.data ?? {};
  const charges = events
    .filter((e) => e.type === 'CreditsUsed')
    .map((e) => `${e.data.reference}=${e.data.amount}`)
    .sort();
  return { balance: last.balanceAfter, openHolds: Object.keys(last.holdsAfter ?? {}).length, charges };
}

/** Uploads a CSV as a job of the route's kind; the job's id. */
export async function upload(app: TestApp, key: string, route: string, csv: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([csv]), 'list.csv');
  const response = await fetch(`${app.url}${route}`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
  const body = (await response.json()) as any;
  if (response.status !== 201) throw new Error(`upload refused: ${JSON.stringify(body)}`);
  return body.data.id;
}

/** Waits until the account's ledger has no open hold and the job is over (settling follows the record). */
export async function settled(
  app: TestApp,
  accountId: string,
  jobOver: () => Promise<boolean>,
  timeoutMs = 30_000,
): Promise<void> {
  await eventually(
    async () => {
      const { openHolds } = await ledgerState(app, accountId);
      if (openHolds !== 0 || !(await jobOver())) throw new Error('the job did not end with every hold closed');
    },
    { timeoutMs, intervalMs: 100 },
  );
}

/**
 * Polls a read-model answer until it equals what the event store implies (projections lag); when it never
 * does, fails with the last answer seen beside the expected one.
 */
export async function projected<T>(read: () => Promise<T>, expected: T, timeoutMs = 15_000): Promise<T> {
  return eventually(
    async () => {
      const value = await read();
      if (JSON.stringify(value) !== JSON.stringify(expected))
        throw new Error(`the read model answers ${JSON.stringify(value)}, not ${JSON.stringify(expected)}`);
      return value;
    },
    { timeoutMs, intervalMs: 100 },
  );
}

/**
 * The suite every bus consumer goes through: a clean run, a run with every message delivered twice, and
 * one run killed at each step; every faulty run must end as the clean one did (and the clean one as
 * `expected`, when given).
 */
export function describeUnderFaults(
  consumers: Array<{ name: string; scenario: HarnessScenario; steps: CrashPoint[]; expected?: unknown }>,
) {
  describe.each(consumers)('$name under redelivery and crashes', ({ scenario, steps, expected }) => {
    let clean: unknown;

    beforeAll(async () => {
      clean = (await runScenario(scenario, false)).state;
    }, 60_000);

    // A scenario may also say what its clean run must end with, so a run equally wrong every time fails.
    if (expected !== undefined) it('ends a clean run as expected', () => expect(clean).toEqual(expected));

    it('ends as a clean run does when every message is delivered twice', async () => {
      expect((await runScenario(scenario, { crashAt: null })).state).toEqual(clean);
    }, 60_000);

    it.each(steps.map((step) => ({ step, label: `${step.when} ${step.name}` })))(
      'ends as a clean run does when killed $label',
      async ({ step }) => {
        const run = await runScenario(scenario, { crashAt: step });
        expect(run.crashed).toBe(true);
        expect(run.state).toEqual(clean);
      },
      60_000,
    );
  });
}
