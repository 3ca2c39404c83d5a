import { eventually } from '@lib/common/testing';
import { USAGE_FACTS_COLLECTION, UsageFactDoc } from '@lib/usage/testing';
import { MessageBus, relayTopic, RelayMessageV1 } from '@lib/messaging';
import { ReadStore } from '@lib/readstore';
import { tokenFromOutbox } from '../../support/dashboard-browser';
import { startTestApp, TestApp } from '../../support/test-app';
import { signedInUser, uniqueEmail } from './dashboard-users';
import { uploadJob } from '../jobs/jobs-world';

/** The usage answer's parts these cases read (the dashboard API's shape). */
type UsageAnswer = { daily: Record<string, unknown>[]; byKey: { keyId: string }[]; byMember: unknown[] };

describe('usage analytics in the dashboard', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ TRIAL_CREDITS: '100' });
  });
  afterAll(() => app.close());

  it('counts calls, results and credits per day, per key and per member from the analytics topics', async () => {
    const owner = await signedInUser(app, uniqueEmail('owner'));
    const ownerKey = (await owner.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'owner key' } })).body
      .data;
    const memberEmail = uniqueEmail('member');
    await owner.browser.request('POST', '/dashboard/v1/team/invites', { body: { email: memberEmail, role: 'member' } });
    const member = await signedInUser(app, memberEmail);
    await member.browser.request('POST', '/dashboard/v1/team/invites/accept', {
      body: { token: await tokenFromOutbox(app.dataDir, memberEmail, '/accept-invite') },
    });
    const memberKey = (await member.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'member key' } }))
      .body.data;

    for (const email of ['a', 'b'])
      await app.request('GET', `/v1/verify/single?email=${email}`, { key: ownerKey.apiKey });
    await app.request('POST', '/v1/verify/batch', { key: memberKey.apiKey, body: { emails: ['c', 'd', 'e'] } });

    const usage = await eventually(
      async () => {
        const seen = (await owner.browser.request('GET', '/dashboard/v1/team/usage?days=7')).body.data;
        expect(seen.daily.at(-1).verifications).toBe(5);
        return seen;
      },
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    expect(usage.daily).toHaveLength(7);
    expect(usage.daily.at(-1)).toMatchObject({
      verifications: 5,
      finderCalls: 0,
      credits: 5,
      byResult: { invalid: 5 },
    });
    const byKey = Object.fromEntries(usage.byKey.map((k: { keyId: string }) => [k.keyId, k]));
    expect(byKey[ownerKey.keyId]).toMatchObject({
      label: 'owner key',
      ownerUserId: owner.user.userId,
      verifications: 2,
      credits: 2,
    });
    expect(byKey[memberKey.keyId]).toMatchObject({
      label: 'member key',
      ownerUserId: member.user.userId,
      verifications: 3,
      credits: 3,
    });
    expect(usage.byMember).toEqual(
      expect.arrayContaining([
        { userId: owner.user.userId, email: owner.email, verifications: 2, finderCalls: 0, credits: 2 },
        { userId: member.user.userId, email: memberEmail, verifications: 3, finderCalls: 0, credits: 3 },
      ]),
    );

    const own = (await member.browser.request('GET', '/dashboard/v1/team/usage?days=1')).body.data;
    expect(own.byKey.map((k: { keyId: string }) => k.keyId)).toEqual([memberKey.keyId]);
    const bad = await owner.browser.request('GET', '/dashboard/v1/team/usage?days=365');
    expect({ status: bad.status, code: bad.body.error.code }).toEqual({ status: 400, code: 1006 });
  });

  it('counts bulk-job chunks, finder calls under their key and dashboard-session calls for the member, once per event', async () => {
    const owner = await signedInUser(app, uniqueEmail('owner'));
    const key = (await owner.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'jobs key' } })).body.data;
    // A call from the dashboard itself: no key, the session cookie (and its CSRF token, as the web UI sends).
    const viaSession = await owner.browser.request('POST', '/v1/verify/single', { body: { email: 'f' } });
    expect(viaSession.status).toBe(200);

    const bus = app.running.app.get(MessageBus);
    const today = new Date().toISOString();
    const relayed = (
      eventId: string,
      type: string,
      category: string,
      data: Record<string, unknown>,
    ): RelayMessageV1 => ({
      schemaVersion: 1,
      eventId,
      type,
      stream: `${category}-${eventId}`,
      category,
      position: 1,
      revision: 0,
      occurredAt: today,
      data,
    });
    const snapshot = { accountId: owner.user.accountId };
    const verificationChunk = relayed(`chunk-${key.keyId}`, 'ChunkCompleted', 'jobs', {
      jobId: 1,
      chunkNo: 0,
      charged: 2,
      completedAt: today,
      snapshot,
      results: [{ verdict: { result: 'ok' } }, { verdict: { result: 'ok' } }, { verdict: { result: 'unknown' } }],
    });
    const finderChunk = relayed(`fchunk-${key.keyId}`, 'FinderChunkCompleted', 'jobs', {
      jobId: 2,
      chunkNo: 0,
      charged: 10,
      completedAt: today,
      snapshot,
      results: [{ outcome: { status: 'Found' } }, { outcome: { status: 'Not Found' } }],
    });
    const found = relayed(`found-${key.keyId}`, 'EmailFound', 'finder', {
      accountId: owner.user.accountId,
      keyId: key.keyId,
      creditsCharged: 10,
      at: today,
    });
    const olderFound = relayed(`old-${key.keyId}`, 'EmailNotFound', 'finder', {
      accountId: owner.user.accountId,
      creditsCharged: 0,
      at: today,
    });
    // Every message twice, as a redelivery would: each still counts once. One bus key per topic, so the
    // bus hands them over in order and a last marker (another account's call) seen means all were handled.
    const orderKey = `usage-${key.keyId}`;
    const marker = (category: string) =>
      relayed(`marker-${category}-${key.keyId}`, 'EmailNotFound', category === 'jobs' ? 'finder' : category, {
        accountId: `marker-${key.keyId}`,
        creditsCharged: 0,
        at: today,
      });
    const send = (category: string, values: RelayMessageV1[]) =>
      bus.publish(
        relayTopic(category),
        values.map((value) => ({ key: orderKey, value: { ...value } })),
      );
    for (let round = 0; round < 2; round++) {
      await send('jobs', [verificationChunk, finderChunk]);
      await send('finder', [found, olderFound]);
    }
    await send('jobs', [
      {
        ...marker('jobs'),
        type: 'FinderChunkCompleted',
        data: { charged: 0, completedAt: today, snapshot: { accountId: `marker-${key.keyId}` }, results: [] },
      },
    ]);
    await send('finder', [marker('finder')]);
    const facts = app.running.app.get(ReadStore).collection<UsageFactDoc>(USAGE_FACTS_COLLECTION);
    await eventually(
      async () =>
        expect((await facts.find({ filter: { accountId: `marker-${key.keyId}` } })).length).toBeGreaterThanOrEqual(2),
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    // The dashboard-session call reaches usage through the event relay, not the markers' partition: wait for it.
    let usage: UsageAnswer = { daily: [], byKey: [], byMember: [] };
    await eventually(
      async () => {
        usage = (await owner.browser.request('GET', '/dashboard/v1/team/usage?days=1')).body.data;
        expect(usage.daily[0]).toEqual({
          day: today.slice(0, 10),
          verifications: 4,
          finderCalls: 4,
          credits: 2 + 10 + 10 + 1,
          byResult: { ok: 2, unknown: 1, invalid: 1, found: 2, not_found: 2 },
        });
      },
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    const byKey = Object.fromEntries(usage.byKey.map((k: { keyId: string }) => [k.keyId, k]));
    expect(byKey[key.keyId]).toMatchObject({ label: 'jobs key', finderCalls: 1, credits: 10 });
    expect(byKey.unknown).toMatchObject({ verifications: 3, finderCalls: 3, credits: 12, ownerUserId: null });
    const sessionKey = usage.byKey.find((k: { keyId: string }) => k.keyId.startsWith('session:'));
    expect(sessionKey).toMatchObject({ ownerUserId: owner.user.userId, verifications: 1, credits: 1 });
    expect(usage.byMember).toEqual(
      expect.arrayContaining([
        { userId: owner.user.userId, email: owner.email, verifications: 1, finderCalls: 1, credits: 11 },
        { userId: null, email: null, verifications: 3, finderCalls: 3, credits: 12 },
      ]),
    );
  });

  it("counts a bulk job's verified addresses under the key that uploaded it", async () => {
    const owner = await signedInUser(app, uniqueEmail('owner'));
    const key = (await owner.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'upload key' } })).body
      .data;
    const upload = await uploadJob(app, key.apiKey, 'email\nsomeone@example.invalid\nnot-an-address\nalso-not\n');
    expect({ status: upload.status, error: upload.body.error }).toEqual({ status: 201, error: null });

    const row = await eventually(
      async () => {
        const usage = (await owner.browser.request('GET', '/dashboard/v1/team/usage?days=1')).body.data;
        const seen = usage.byKey.find((k: { keyId: string }) => k.keyId === key.keyId);
        expect(seen?.verifications).toBe(3);
        return seen;
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    const job = (await app.request('GET', `/v1/jobs/${upload.body.data.id}`, { key: key.apiKey })).body.data;
    expect(row).toMatchObject({
      label: 'upload key',
      ownerUserId: owner.user.userId,
      verifications: 3,
      finderCalls: 0,
      credits: job.creditsCharged,
    });
  });
});
