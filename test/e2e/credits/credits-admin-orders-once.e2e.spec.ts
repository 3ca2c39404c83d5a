import { CreditLedger } from '@lib/ledger';
import { ADMIN_TOKEN, startTestApp, TestApp } from '../../support/test-app';

/** The Starter package (id 1) adds 1000 credits. */
const STARTER = { packageId: 1, credits: 1000 };

describe('operator order recording, once per payment and per Idempotency-Key', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  const record = (accountId: string, body: unknown, key?: string) =>
    app.request('POST', `/admin/v1/accounts/${accountId}/orders`, {
      body,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(key ? { 'idempotency-key': key } : {}) },
    });
  const balance = async (accountId: string) => (await app.running.app.get(CreditLedger).current(accountId)).balance;

  it('finding 16: grants once for 20 concurrent orders with one paymentIntentId and refuses the others with 409 code 2017', async () => {
    const { accountId } = await app.createAccount(0);
    const body = { packageId: STARTER.packageId, paymentIntentId: 'pi_transfer_2026_11_28' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => record(accountId, body)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(new Set(refused.map((a) => `${a.status} ${a.body.error.code}`))).toEqual(new Set(['409 2017']));
    expect(await balance(accountId)).toBe(STARTER.credits);

    const later = await record(accountId, body);
    expect([later.status, later.body.error.code]).toEqual([409, 2017]);
    const other = (await app.createAccount(0)).accountId;
    expect((await record(other, body)).status).toBe(409); // a payment pays for one order, whichever account asks
    expect(await balance(other)).toBe(0);
  }, 60_000);

  it('finding 16: replays one order for an Idempotency-Key, sequential or concurrent, and grants once', async () => {
    const { accountId } = await app.createAccount(0);
    const first = await record(accountId, { packageId: STARTER.packageId }, 'operator-retry-1');
    expect(first.status).toBe(201);
    const retries = [
      await record(accountId, { packageId: STARTER.packageId }, 'operator-retry-1'),
      await record(accountId, { packageId: STARTER.packageId }, 'operator-retry-1'),
    ];
    for (const retry of retries) {
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.body.data).toEqual(first.body.data);
    }
    const concurrent = await Promise.all(
      Array.from({ length: 20 }, () => record(accountId, { packageId: STARTER.packageId }, 'operator-retry-2')),
    );
    expect(new Set(concurrent.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(concurrent.map((a) => a.body.data.orderId)).size).toBe(1);
    expect(await balance(accountId)).toBe(2 * STARTER.credits);

    const otherBody = await record(accountId, { packageId: 2 }, 'operator-retry-1');
    expect([otherBody.status, otherBody.body.error.code]).toEqual([400, 2002]);
  }, 60_000);
});
