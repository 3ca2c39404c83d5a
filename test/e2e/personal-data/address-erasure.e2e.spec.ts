import { EventStore } from '@lib/eventstore';
import { completedJob, erasureDone } from '../../support/erasure-progress';
import { scanForPersonalData, storeOf, storesHolding } from '../../support/personal-data-scan';
import { startTestApp, TestApp } from '../../support/test-app';
import { JobsPeers, parseCsv, startJobsPeers, uploadJob } from '../jobs/jobs-world';

const ADDRESS = 'Zelda.Quist@beta.test';
const OTHER = 'keep.me@beta.test';
const LIST = `name,email\r\nZelda,${ADDRESS}\r\nKeep,${OTHER}\r\nAgain,zelda.quist@BETA.test\r\n`;

/**
 * Issue 39, a data subject's request: one address erased across the account. Its key destroyed (single and
 * batch verifications read erased), its rows gone from job results and files (downloads say erased), its bus
 * messages forgotten; a receipt names the address only by its keyed digest.
 */
describe('erasing one address across the account', () => {
  let peers: JobsPeers;
  let app: TestApp;
  let key: string;
  let accountId: string;
  let job: any;
  let before: string[];
  beforeAll(async () => {
    peers = await startJobsPeers();
    app = await startTestApp({ ...peers.env, DATA_KEY_CACHE_SECONDS: '1' });
    ({ apiKey: key, accountId } = await app.createAccount(100));
    expect((await app.request('POST', '/v1/verify/single', { key, body: { email: ADDRESS } })).status).toBe(200);
    const batch = await app.request('POST', '/v1/verify/batch', { key, body: { emails: [ADDRESS, OTHER] } });
    expect(batch.status).toBe(200);
    job = await completedJob(app, key, LIST);
    before = storesHolding(app.dataDir, ADDRESS);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await peers?.close();
  });

  it('finds the address before the erasure, so the scan can fail', () => {
    expect(before).toEqual(expect.arrayContaining(['blobs', 'read store']));
    // Chunk messages carry their rows sealed under the job's and the address's keys: never in the clear.
    expect(before).not.toContain('bus');
  });

  it.each([
    'nobody',
    '@',
    ' @ ',
    'jane@',
    '@beta.test',
    'a@b@beta.test',
    'jane doe@beta.test',
    'jane\u0000@beta.test',
    `${'a'.repeat(320)}@beta.test`,
    42,
    null,
    ['jane@beta.test'],
  ])('refuses %j, not an address, with 400 and code 4008, recording nothing', async (address) => {
    const res = await app.request('POST', '/v1/erasures', { key, body: { address } });
    expect([res.status, res.body.error.code]).toEqual([400, 4008]);
    expect((await app.request('GET', '/v1/erasures', { key })).body.data.items).toEqual([]);
  });

  it('refuses while a list job of the account is open, with 409 and code 4009', async () => {
    const other = await app.createAccount(10);
    await uploadJob(app, other.apiKey, 'email\nstuck@sticky.test\n');
    const res = await app.request('POST', '/v1/erasures', { key: other.apiKey, body: { address: ADDRESS } });
    expect([res.status, res.body.error.code]).toEqual([409, 4009]);
  });

  describe('after POST /v1/erasures {address}', () => {
    let asked: any;
    let done: any;
    beforeAll(async () => {
      asked = await app.request('POST', '/v1/erasures', { key, body: { address: ` ${ADDRESS.toUpperCase()} ` } });
      done = await erasureDone(app, { key, erasureId: asked.body.data.erasureId });
    }, 30_000);

    it('answers 202 with a receipt naming the keyed digest, never the address', () => {
      expect(asked.status).toBe(202);
      expect(asked.body.data).toMatchObject({
        target: { kind: 'address', digest: expect.stringMatching(/^[0-9a-f]{32}$/) },
      });
      expect(done).toMatchObject({
        scopes: [`account:${accountId}:address:${asked.body.data.target.digest}`],
        keysDestroyed: 1,
        removed: { jobsSearched: 1 },
      });
      expect(JSON.stringify([asked.body, done]).toLowerCase()).not.toContain(ADDRESS.toLowerCase());
    });

    it('reads the single and batch verifications as erased, the other address kept', async () => {
      const events = await app.running.app.get(EventStore).readAll({ eventTypes: ['EmailVerified', 'BatchVerified'] });
      const mine = events.filter((e) => e.data.accountId === accountId);
      expect(mine.find((e) => e.type === 'EmailVerified')?.data.result.email).toBeNull();
      expect(mine.find((e) => e.type === 'BatchVerified')?.data.emails).toEqual([null, OTHER]);
    });

    it("shows the address's rows erased in the download, every other row as it was", async () => {
      const download = await app.request('GET', `/v1/jobs/${job.id}/download`, { key });
      expect(download.status).toBe(200);
      const rows = await parseCsv(download.text);
      expect(rows.slice(1).map((row) => row.slice(0, 3))).toEqual([
        ['[erased]', '[erased]', 'erased'],
        ['Keep', OTHER, expect.any(String)],
        ['[erased]', '[erased]', 'erased'],
      ]);
    });

    it('answers the same digest for the same address, and a new erasure once the first is done', async () => {
      const again = await app.request('POST', '/v1/erasures', { key, body: { address: ADDRESS } });
      expect(again.body.data.target.digest).toBe(done.target.digest);
      expect(again.body.data.erasureId).not.toBe(done.erasureId);
    });

    it('leaves the address in no blob, no bus message and no read-model document', () => {
      const hits = scanForPersonalData(app.dataDir, [ADDRESS]).filter((hit) => storeOf(hit.file) !== 'event store');
      expect(hits).toEqual([]);
    });

    it('leaves the address nowhere in the event store, nor anywhere else under DATA_DIR', () => {
      expect(storesHolding(app.dataDir, ADDRESS)).toEqual([]);
    });
  });
});
