import type { NewEvent } from '@lib/eventstore';
import { HarnessScenario, ledgerState, projected, settled, upload } from '../../support/harness/redelivery-harness';
import { autoTopupSettingsStream } from '@lib/billing/testing';
import { EventStore } from '@lib/eventstore';
import { ReadStore } from '@lib/readstore';
import { USAGE_FACTS_COLLECTION, UsageFactDoc } from '@lib/usage/testing';
import { DashboardBrowser, outboxMails, tokenFromOutbox } from '../../support/dashboard-browser';
import { PASSWORD, signedInUser, uniqueEmail } from '../dashboard/dashboard-users';
import { startFinderPeers } from '../finder/finder-world';

// The account scenarios (top-ups, sign-up, usage analytics) of the bus-consumer redelivery harness.

/**
 * Automatic top-up (the worker's consumer of events.credits): ten 1-credit calls take a 100-credit trial
 * below a threshold of 95 once, so exactly one package (1,000 credits) is bought, confirmed at once by
 * the manual processor's test mode, with the first invoice number (a repeat issues no second one).
 * Verification ids differ between runs, so charges compare by count.
 */
export const autoTopup: HarnessScenario = {
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
export const signUpTrial: HarnessScenario = {
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

export const trialGrant = (_: string, e: NewEvent) =>
  e.type === 'CreditsAdded' && String((e.data as { transactionId?: string }).transactionId).startsWith('trial-');

/**
 * A failing automatic top-up: the package chosen left the catalogue, so the crossing's purchase is
 * refused, recorded once, and the owner is mailed once (the mail's Message-ID makes a resend after a
 * crash the same message).
 */
export const failingAutoTopup: HarnessScenario = {
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
export const CALL_EVENT_TYPES = [
  'EmailVerified',
  'BatchVerified',
  'ChunkCompleted',
  'FinderChunkCompleted',
  'EmailFound',
  'EmailNotFound',
];
export const callerOf = (data: Record<string, any>): string | undefined => data.accountId ?? data.snapshot?.accountId;

/**
 * Usage analytics (the worker's consumer of events.verifications, events.finder and events.jobs): each kind
 * of call once, through the real routes, against the finder's loopback peers. Every call event must leave
 * exactly one usage fact (its id the event's), and the dashboard's usage must count each call once. Ids
 * and addresses differ between runs, so keys and members compare by label and totals, and the days (a run
 * may cross midnight) are summed.
 */
export const usageAnalytics: HarnessScenario = {
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
export const usageFact = (kind: string, calls: number) => (_: string, e: NewEvent) =>
  e.type === `insertNew:${USAGE_FACTS_COLLECTION}` && e.data.kind === kind && e.data.calls === calls;
