import { EventStore } from '@lib/eventstore';
import { ADMIN_TOKEN, startTestApp, TestApp } from '../../support/test-app';
import { DashboardBrowser } from '../../support/dashboard-browser';
import { completedJob, erasureDone } from '../../support/erasure-progress';
import { storesHolding } from '../../support/personal-data-scan';
import { joinedMember, PASSWORD, signedInUser } from '../dashboard/dashboard-users';
import { JobsPeers, startJobsPeers, uploadJob } from '../jobs/jobs-world';

const ADDRESS = 'Orla.Vantresca@beta.test';
const TEST_ADDRESS = 'Piet.Quorndal@beta.test';
const LIST = `name,email\r\nOrla,${ADDRESS}\r\nKeep,keep.me@beta.test\r\n`;

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

async function newKey(browser: DashboardBrowser, kind?: 'test') {
  const created = await browser.request('POST', '/dashboard/v1/keys', {
    body: { label: 'k', ...(kind ? { kind } : {}) },
  });
  expect(created.status).toBe(201);
  return created.body.data.apiKey as string;
}

/**
 * Issue 39, closing an account: the owner alone, confirmed by the team's name. Keys revoked, sessions ended,
 * members back in their own accounts, every key of the account and of its test mode destroyed, its jobs'
 * files and rows gone; the ledger stays; the receipt is the operator's to show.
 */
describe('closing an account', () => {
  let peers: JobsPeers;
  let app: TestApp;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  let admin2: Awaited<ReturnType<typeof joinedMember>>;
  let accountId: string;
  let teamName: string;
  let liveKey: string;
  let before: { live: string[]; test: string[] };
  beforeAll(async () => {
    peers = await startJobsPeers();
    app = await startTestApp({ ...peers.env, TRIAL_CREDITS: '100', DATA_KEY_CACHE_SECONDS: '1' });
    owner = await signedInUser(app);
    admin2 = await joinedMember(app, owner, 'admin');
    const team = (await owner.browser.request('GET', '/dashboard/v1/team')).body.data;
    ({ accountId, name: teamName } = team);
    liveKey = await newKey(owner.browser);
    const testKey = await newKey(owner.browser, 'test');
    expect((await app.request('POST', '/v1/verify/single', { key: liveKey, body: { email: ADDRESS } })).status).toBe(
      200,
    );
    const batch = await app.request('POST', '/v1/verify/batch', { key: liveKey, body: { emails: [ADDRESS] } });
    expect(batch.status).toBe(200);
    await completedJob(app, liveKey, LIST);
    const test = await app.request('POST', '/v1/verify/single', { key: testKey, body: { email: TEST_ADDRESS } });
    expect(test.status).toBe(200);
    await completedJob(app, testKey, `email\r\n${TEST_ADDRESS}\r\n`);
    before = { live: storesHolding(app.dataDir, ADDRESS), test: storesHolding(app.dataDir, TEST_ADDRESS) };
  }, 90_000);
  afterAll(async () => {
    await app?.close();
    await peers?.close();
  });

  it('finds both accounts’ addresses before the closure, so the scan can fail', () => {
    expect(before.live).toEqual(expect.arrayContaining(['blobs', 'read store']));
    // Chunk messages carry their rows sealed under the job's and the address's keys: never in the clear.
    expect([...before.live, ...before.test]).not.toContain('bus');
    expect(before.test).toEqual(expect.arrayContaining(['blobs', 'read store']));
  });

  it('shows the team’s name to type', () => {
    expect(teamName).toBe('Engines Ltd');
  });

  it('is the owner’s alone: an admin is refused with 403 and code 6019', async () => {
    const res = await admin2.browser.request('POST', '/dashboard/v1/account/close', { body: { teamName } });
    expect([res.status, res.body.error.code]).toEqual([403, 6019]);
  });

  it('refuses a wrong or missing team name with 400 and code 6016', async () => {
    for (const body of [{ teamName: 'Engines' }, {}]) {
      const res = await owner.browser.request('POST', '/dashboard/v1/account/close', { body });
      expect([res.status, res.body.error.code]).toEqual([400, 6016]);
    }
  });

  it('refuses while a list job of the account is open, with 409 and code 6018', async () => {
    const other = await signedInUser(app);
    const otherKey = await newKey(other.browser);
    await uploadJob(app, otherKey, 'email\nstuck@sticky.test\n');
    const name = (await other.browser.request('GET', '/dashboard/v1/team')).body.data.name;
    const res = await other.browser.request('POST', '/dashboard/v1/account/close', { body: { teamName: name } });
    expect([res.status, res.body.error.code]).toEqual([409, 6018]);
  });

  describe('after POST /dashboard/v1/account/close', () => {
    let closed: any;
    let receipt: any;
    beforeAll(async () => {
      closed = await owner.browser.request('POST', '/dashboard/v1/account/close', {
        body: { teamName: ` ${teamName} ` },
      });
      receipt = await erasureDone(app, { accountId, erasureId: 'account' });
    }, 40_000);

    it('answers 202: keys revoked, the admin removed, the erasure of both accounts asked', () => {
      expect(closed.status).toBe(202);
      expect(closed.body.data).toMatchObject({
        revokedKeys: 2,
        membersRemoved: 1,
        erasure: { erasureId: 'account', target: { kind: 'account', accountIds: [accountId, `test_${accountId}`] } },
      });
    });

    it('gives the operator a receipt with the prefixes destroyed and the jobs purged, naming nobody', async () => {
      expect(receipt).toMatchObject({
        scopes: [`account:${accountId}:`, `account:test_${accountId}:`],
        keysDestroyed: expect.any(Number),
        // The live account's job and the test mode's.
        removed: { jobsPurged: 2 },
        requestedBy: { userId: owner.user.userId },
      });
      expect(receipt.keysDestroyed).toBeGreaterThan(2);
      const list = await app.request('GET', `/admin/v1/accounts/${accountId}/erasures`, { headers: admin });
      expect(list.body.data.items.map((r: any) => r.erasureId)).toEqual(['account']);
      expect(JSON.stringify(list.body).toLowerCase()).not.toContain(owner.email.toLowerCase());
    });

    it('ends the owner’s session, and the owner signs in no more: 403 and code 6017', async () => {
      const me = await owner.browser.request('GET', '/dashboard/v1/me');
      expect([me.status, me.body.error.code]).toEqual([401, 6001]);
      const browser = new DashboardBrowser(app.url);
      await browser.prepare();
      const signIn = await browser.request('POST', '/dashboard/v1/sign-in', {
        body: { email: owner.email, password: PASSWORD },
      });
      expect([signIn.status, signIn.body.error.code]).toEqual([403, 6017]);
    });

    it('refuses the account’s keys as revoked ones (401)', async () => {
      const res = await app.request('POST', '/v1/verify/single', { key: liveKey, body: { email: 'x@beta.test' } });
      expect(res.status).toBe(401);
    });

    it('sends the removed member back to their own account', async () => {
      const me = await admin2.browser.request('GET', '/dashboard/v1/me');
      expect(me.status).toBe(200);
      expect(me.body.data).toMatchObject({ role: 'owner' });
      expect(me.body.data.accountId).not.toBe(accountId);
    });

    it('keeps the ledger: the trial credit and the charges, with their amounts', async () => {
      const ledger = await app.running.app.get(EventStore).readStream(`credits-${accountId}`);
      expect(ledger.find((e) => e.type === 'CreditsAdded')?.data.amount).toBe(100);
      expect(ledger.length).toBeGreaterThan(1);
      expect(JSON.stringify(ledger).toLowerCase()).not.toContain(ADDRESS.toLowerCase());
    });

    it('leaves neither account’s address anywhere under DATA_DIR', () => {
      expect(storesHolding(app.dataDir, ADDRESS)).toEqual([]);
      expect(storesHolding(app.dataDir, TEST_ADDRESS)).toEqual([]);
    });
  });
});
