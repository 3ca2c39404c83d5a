import type { NewEvent } from '@lib/eventstore';
import { CrashPoint, paidChunkSteps } from '../../support/harness/crash-points';
import {
  describeUnderFaults,
  HarnessScenario,
  ledgerState,
  projected,
  settled,
  upload,
} from '../../support/harness/redelivery-harness';
import { autoTopupSettingsStream } from '@lib/billing/testing';
import { HttpsReceiver } from '../../support/peers/https-receiver';
import type { TestApp } from '../../support/test-app';
import { EventStore } from '@lib/eventstore';
import { ReadStore } from '@lib/readstore';
import { USAGE_FACTS_COLLECTION, UsageFactDoc } from '@lib/usage/testing';
import { DashboardBrowser, outboxMails, tokenFromOutbox } from '../../support/dashboard-browser';
import { PASSWORD, signedInUser, uniqueEmail } from '../dashboard/dashboard-users';
import { startFinderPeers } from '../finder/finder-world';
import { startJobsPeers } from '../jobs/jobs-world';

/**
 * Every bus consumer under at-least-once delivery: each message (and each event a projection reads) is
 * delivered twice, and in further runs the handler is killed at each step of its work. The final state
 * (ledger, job counts, rows, the transaction history) must equal a clean run's.
 */
/** Job ids differ between runs (they are time-based): the states compare with the id replaced. */
const withoutJobId = (state: unknown, id: number): unknown =>
  JSON.parse(JSON.stringify(state).replaceAll(String(id), '<job>'));

/** Runs an uploaded job to its end and reads everything the customer and the books can see. */
async function jobScenarioState(app: TestApp, route: string, csv: string) {
  const { accountId, apiKey } = await app.createAccount(500);
  const id = await upload(app, apiKey, route, csv);
  const view = async () => (await app.request('GET', `${route}/${id}`, { key: apiKey })).body.data;
  await settled(app, accountId, async () => ['Completed', 'Failed', 'Cancelled'].includes((await view()).status));
  const job = await view();
  const ledger = await ledgerState(app, accountId);
  const listed = async () =>
    ((await app.request('GET', '/v1/credits/transactions?pageSize=100', { key: apiKey })).body.data.items as any[])
      .map((t) => `${t.type} ${t.reference ?? ''} ${t.amount}`)
      .sort();
  const transactions = await projected(listed, await expectedTransactions(ledger));
  const download = (await app.request('GET', `${route}/${id}/download`, { key: apiKey })).text;
  const state = {
    status: job.status,
    counts: job.counts,
    results: job.results,
    progress: job.progress,
    creditsCharged: job.creditsCharged,
    ledger,
    transactions,
    download,
  };
  return withoutJobId(state, id);
}

const expectedTransactions = async (ledger: { charges: string[] }) =>
  [
    'Added  500',
    ...ledger.charges.map((c) => {
      const [reference, amount] = c.split('=');
      return `Used ${reference} ${-Number(amount)}`;
    }),
  ].sort();

const BULK_CSV =
  'email\nalice@alpha.test\nbob@alpha.test\nanyone@beta.test\nnobody@gamma.test\nslow@grey.test\nalice@alpha.test\nnot-an-address\n';
const bulkJob: HarnessScenario = {
  startPeers: () => startJobsPeers(),
  run: (app) => jobScenarioState(app, '/v1/jobs', BULK_CSV),
};

/**
 * A bulk job whose account has a webhook for job.completed (HTTPS receiver on loopback): the final state
 * adds the delivery history and the distinct events the receiver got (a retried POST of the same event
 * is at-least-once delivery, not a second delivery).
 */
let receiver: HttpsReceiver | undefined;
const webhookedJob: HarnessScenario = {
  startPeers: async () => {
    const peers = await startJobsPeers();
    receiver = await HttpsReceiver.start();
    return {
      env: {
        ...peers.env,
        WEBHOOK_CA_FILE: receiver.caFile,
        WEBHOOK_TIMEOUT_MS: '5000',
        WEBHOOK_RETRY_DELAYS_MS: '200,400',
      },
      close: () => Promise.all([peers.close(), receiver!.close()]).then(() => undefined),
    };
  },
  run: async (app) => {
    const { accountId, apiKey } = await app.createAccount(500);
    const hook = (
      await app.request('POST', '/v1/webhooks', {
        key: apiKey,
        body: { url: receiver!.url('/jobs'), events: ['job.completed'], isActive: true },
      })
    ).body.data;
    const id = await upload(app, apiKey, '/v1/jobs', BULK_CSV);
    const view = async () => (await app.request('GET', `/v1/jobs/${id}`, { key: apiKey })).body.data;
    await settled(app, accountId, async () => (await view()).status === 'Completed');
    const history = async () =>
      (await app.request('GET', `/v1/webhooks/${hook.id}/deliveries`, { key: apiKey })).body.data.items.map(
        (d: any) => d.status,
      );
    const deliveries = await projected(history, ['succeeded'], 20_000);
    const events = new Set(
      receiver!
        .received('/jobs')
        .map((r) => JSON.parse(r.body))
        .map((p) => `${p.type} ${p.data.jobId}`),
    );
    return withoutJobId(
      {
        creditsCharged: (await view()).creditsCharged,
        ledger: await ledgerState(app, accountId),
        deliveries,
        received: [...events],
      },
      id,
    );
  },
};

const FINDER_CSV =
  'First Name,Last Name,Domain\nJane,Doe,firstlast.test\nNobody,Here,flast.test\nJane,Doe,first.test\n,Doe,first.test\njane,DOE,firstlast.test\n';
const finderJob: HarnessScenario = {
  startPeers: () => startFinderPeers(),
  run: (app) => jobScenarioState(app, '/v1/finder/jobs', FINDER_CSV),
};

/**
 * Automatic top-up (the worker's consumer of events.credits): ten 1-credit calls take a 100-credit trial
 * below a threshold of 95 once, so exactly one package (1,000 credits) is bought, confirmed at once by
 * the manual processor's test mode, with the first invoice number (a repeat issues no second one).
 * Verification ids differ between runs, so charges compare by count.
 */
const autoTopup: HarnessScenario = {
  startPeers: async () => ({
    env: { TRIAL_CREDITS: '100', MANUAL_PAYMENTS_AUTO_CONFIRM: 'true' },
    close: async () => undefined,
  }),
  run: async (app) => {
    const owner = await signedInUser(app);
    const key = (await owner.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'harness' } })).body.data
      .apiKey;
    await owner.browser.request('PUT', '/dashboard/v1/billing/auto-topup', {
      body: { enabled: true, thresholdCredits: 95, packageId: 1 },
    });
    for (let i = 0; i < 10; i++) await app.request('GET', `/v1/verify/single?email=not-an-address-${i}`, { key });
    const accountId = owner.user.accountId;
    const balance = await projected(async () => (await ledgerState(app, accountId)).balance, 1_090, 20_000);
    const orders = async () =>
      ((await owner.browser.request('GET', '/dashboard/v1/billing/orders')).body.data.items as any[]).map((o) => ({
        auto: o.isAutoTopup,
        status: o.status,
        invoice: o.invoiceNumber,
      }));
    const { openHolds, charges } = await ledgerState(app, accountId);
    return {
      balance,
      openHolds,
      charges: charges.length,
      orders: await projected(orders, [{ auto: true, status: 2, invoice: 'INV-000001' }]),
    };
  },
};

/**
 * A sign-up's account and trial credits (the worker's consumer of EmailConfirmed on events.users, beside
 * the confirmation request that does it at once): sign up, confirm from the outbox, sign in. Killed after
 * the confirmation is recorded, the request answers 500 with its link spent, and the consumer must still
 * open the account and grant the trial once.
 */
const signUpTrial: HarnessScenario = {
  startPeers: async () => ({ env: { TRIAL_CREDITS: '100' }, close: async () => undefined }),
  run: async (app) => {
    const email = uniqueEmail('trial');
    const browser = new DashboardBrowser(app.url);
    await browser.prepare();
    await browser.request('POST', '/dashboard/v1/sign-up', {
      body: { email, password: PASSWORD, name: 'Trial', company: 'Trial Ltd' },
    });
    await browser.request('POST', '/dashboard/v1/confirm-email', {
      body: { token: await tokenFromOutbox(app.dataDir, email, '/confirm-email') },
    });
    const signIn = await browser.request('POST', '/dashboard/v1/sign-in', { body: { email, password: PASSWORD } });
    const accountId: string = signIn.body.data.user.accountId;
    const balance = await projected(async () => (await ledgerState(app, accountId)).balance, 100, 20_000);
    const events = app.running.app.get(EventStore);
    const account = await projected(
      async () => (await events.readStream(`accounts-${accountId}`)).map((e) => e.type),
      ['AccountOpened'],
    );
    const grants = (await events.readStream(`credits-${accountId}`)).map(
      (e) => `${e.type} ${e.data.transactionId} ${e.data.amount}`,
    );
    const me = await projected(async () => (await browser.request('GET', '/dashboard/v1/me')).body.data?.role, 'owner');
    return {
      signIn: signIn.status,
      balance,
      account,
      grants: grants.map((g) => g.replace(accountId, '<account>')),
      me,
    };
  },
};

const trialGrant = (_: string, e: NewEvent) =>
  e.type === 'CreditsAdded' && String((e.data as { transactionId?: string }).transactionId).startsWith('trial-');

/**
 * A failing automatic top-up: the package chosen left the catalogue, so the crossing's purchase is
 * refused, recorded once, and the owner is mailed once (the mail's Message-ID makes a resend after a
 * crash the same message).
 */
const failingAutoTopup: HarnessScenario = {
  startPeers: async () => ({ env: { TRIAL_CREDITS: '100' }, close: async () => undefined }),
  run: async (app) => {
    const owner = await signedInUser(app);
    const accountId = owner.user.accountId;
    const key = (await owner.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'harness' } })).body.data
      .apiKey;
    await app.running.app.get(EventStore).appendToStream(
      autoTopupSettingsStream(accountId),
      [
        {
          type: 'AutoTopupConfigured',
          data: {
            enabled: true,
            thresholdCredits: 95,
            packageId: 999,
            accountId,
            configuredBy: owner.user.userId,
            configuredAt: new Date().toISOString(),
          },
        },
      ],
      'any',
    );
    for (let i = 0; i < 10; i++) await app.request('GET', `/v1/verify/single?email=not-an-address-${i}`, { key });
    const crossing = async () =>
      (await app.running.app.get(EventStore).readAll({ eventTypes: ['AutoTopupFailed', 'AutoTopupOwnerNotified'] }))
        .filter((e) => e.data.accountId === accountId)
        .map((e) => e.type);
    const recorded = await projected(crossing, ['AutoTopupFailed', 'AutoTopupOwnerNotified'], 20_000);
    const mails = outboxMails(app.dataDir)
      .filter((m) => m.to.includes(owner.email) && /top-up failed/.test(m.subject))
      .map((m) => m.text.includes('Credit package not found'));
    return { balance: (await ledgerState(app, accountId)).balance, recorded, mails };
  },
};

/** The relayed events a usage fact is made of (usage-fact.ts), and who made the call each records. */
const CALL_EVENT_TYPES = [
  'EmailVerified',
  'BatchVerified',
  'ChunkCompleted',
  'FinderChunkCompleted',
  'EmailFound',
  'EmailNotFound',
];
const callerOf = (data: Record<string, any>): string | undefined => data.accountId ?? data.snapshot?.accountId;

/**
 * Usage analytics (the worker's consumer of events.verifications, events.finder and events.jobs): each kind
 * of call once, through the real routes, against the finder's loopback peers. Every call event must leave
 * exactly one usage fact (its id the event's), and the dashboard's usage must count each call once. Ids
 * and addresses differ between runs, so keys and members compare by label and totals, and the days (a run
 * may cross midnight) are summed.
 */
const usageAnalytics: HarnessScenario = {
  startPeers: () => startFinderPeers({ TRIAL_CREDITS: '500' }),
  run: async (app) => {
    const owner = await signedInUser(app);
    const accountId: string = owner.user.accountId;
    const key = (await owner.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'usage' } })).body.data
      .apiKey;
    for (const email of ['jane.doe@firstlast.test', 'not-an-address'])
      await app.request('GET', `/v1/verify/single?email=${email}`, { key });
    await app.request('POST', '/v1/verify/batch', { key, body: { emails: ['jdoe@flast.test', 'nobody@flast.test'] } });
    for (const body of [
      { firstName: 'Jane', lastName: 'Doe', domain: 'firstlast.test' },
      { firstName: 'Nobody', lastName: 'Here', domain: 'flast.test' },
    ])
      await app.request('POST', '/v1/finder', { key, body });
    for (const [route, csv] of [
      ['/v1/jobs', 'email\njane@first.test\nnobody@first.test\nnot-an-address\n'],
      ['/v1/finder/jobs', 'First Name,Last Name,Domain\nJane,Doe,flast.test\nNobody,Here,first.test\n'],
    ]) {
      const id = await upload(app, key, route, csv);
      const view = async () => (await app.request('GET', `${route}/${id}`, { key })).body.data;
      await settled(app, accountId, async () => (await view()).status === 'Completed');
    }
    const calls = (await app.running.app.get(EventStore).readAll({ eventTypes: CALL_EVENT_TYPES }))
      .filter((e) => callerOf(e.data) === accountId)
      .map((e) => e.id)
      .sort();
    const facts = app.running.app.get(ReadStore).collection<UsageFactDoc>(USAGE_FACTS_COLLECTION);
    const factIds = async () => (await facts.find({ filter: { accountId } })).map((f) => f._id).sort();
    const recorded = await projected(factIds, calls, 20_000);
    const usage = (await owner.browser.request('GET', '/dashboard/v1/team/usage?days=2')).body.data;
    const daily = { verifications: 0, finderCalls: 0, credits: 0, byResult: {} as Record<string, number> };
    for (const day of usage.daily as Array<typeof daily>) {
      daily.verifications += day.verifications;
      daily.finderCalls += day.finderCalls;
      daily.credits += day.credits;
      for (const [result, count] of Object.entries(day.byResult))
        daily.byResult[result] = (daily.byResult[result] ?? 0) + count;
    }
    const totals = ({ verifications, finderCalls, credits }: Record<string, number>) => ({
      verifications,
      finderCalls,
      credits,
    });
    return {
      callEvents: calls.length,
      factsPerCallEvent: recorded.length === calls.length && recorded.every((id, i) => id === calls[i]),
      daily,
      byKey: usage.byKey.map((k: Record<string, any>) => ({ label: k.label, ...totals(k) })),
      byMember: usage.byMember.map(totals),
      charged: (await ledgerState(app, accountId)).charges
        .map((c) => Number(c.split('=')[1]))
        .reduce((a, b) => a + b, 0),
    };
  },
};

/** The usage fact a call of this kind and size leaves (the scenario's calls differ in one or the other). */
const usageFact = (kind: string, calls: number) => (_: string, e: NewEvent) =>
  e.type === `insertNew:${USAGE_FACTS_COLLECTION}` && e.data.kind === kind && e.data.calls === calls;

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
