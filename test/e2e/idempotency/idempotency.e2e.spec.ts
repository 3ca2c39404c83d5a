import { ADDRESSES, eventuallyBalance, startVerifyWorld, VerifyWorld } from '../verify/verify-world';

describe('Idempotency-Key on verification', () => {
  let world: VerifyWorld;
  beforeAll(async () => {
    world = await startVerifyWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  const single = (key: string, email: string, idem?: string) =>
    world.app.request('POST', '/v1/verify/single', {
      key,
      body: { email },
      headers: idem ? { 'idempotency-key': idem } : {},
    });

  describe('when a request is retried with the same key and body', () => {
    it('replays the stored response byte for byte without a charge or a probe', async () => {
      const { apiKey } = await world.app.createAccount(5);
      const first = await single(apiKey, 'carol@acme.test', 'retry-1');
      const probes = world.rcptsFor('carol@acme.test');
      const again = await single(apiKey, 'carol@acme.test', 'retry-1');
      expect(again.status).toBe(200);
      expect(again.text).toBe(first.text);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(world.rcptsFor('carol@acme.test')).toBe(probes);
      expect(await eventuallyBalance(world.app, apiKey, 4)).toMatchObject({ balance: 4 });
    });

    it('replays a batch the same way', async () => {
      const { apiKey } = await world.app.createAccount(5);
      const body = { emails: ['x@catchall.test', ADDRESSES.unknown] };
      const headers = { 'idempotency-key': 'batch-1' };
      const first = await world.app.request('POST', '/v1/verify/batch', { key: apiKey, body, headers });
      const again = await world.app.request('POST', '/v1/verify/batch', { key: apiKey, body, headers });
      expect(again.text).toBe(first.text);
      expect(await eventuallyBalance(world.app, apiKey, 4)).toMatchObject({ balance: 4 });
    });
  });

  it('refuses the same key with a different body (400, code 2002)', async () => {
    const { apiKey } = await world.app.createAccount(5);
    await single(apiKey, ADDRESSES.ok, 'k-mismatch');
    const res = await single(apiKey, ADDRESSES.invalid, 'k-mismatch');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(2002);
  });

  describe('when two requests with one key arrive together', () => {
    it('probes once and charges once, and both get the same response', async () => {
      const { apiKey } = await world.app.createAccount(5);
      const [a, b, c] = await Promise.all([1, 2, 3].map(() => single(apiKey, 'dave@acme.test', 'race-1')));
      expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
      expect(b.text).toBe(a.text);
      expect(c.text).toBe(a.text);
      expect(world.rcptsFor('dave@acme.test')).toBe(1);
      expect(await eventuallyBalance(world.app, apiKey, 4)).toMatchObject({ balance: 4, held: 0 });
    });
  });

  it('scopes keys per account', async () => {
    const one = await world.app.createAccount(5);
    const two = await world.app.createAccount(5);
    const a = await single(one.apiKey, ADDRESSES.catchAll, 'shared-key');
    const b = await single(two.apiKey, ADDRESSES.catchAll, 'shared-key');
    expect(a.headers.get('idempotent-replayed')).toBeNull();
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(b.body.data.creditsRemaining).toBe(4);
  });

  it('lets a key be used again after its request failed with 402', async () => {
    const { accountId, apiKey } = await world.app.createAccount(0);
    expect((await single(apiKey, ADDRESSES.ok, 'after-topup')).status).toBe(402);
    await world.admin('POST', `/admin/v1/accounts/${accountId}/adjustments`, { amount: 3, reason: 'top-up' });
    const res = await single(apiKey, ADDRESSES.ok, 'after-topup');
    expect(res.status).toBe(200);
    expect(res.body.data.creditsRemaining).toBe(2);
  });

  it.each([
    ['too long', 'k'.repeat(256)],
    ['non-ASCII', 'clé'],
  ])('refuses a %s key with 400 code 2003', async (_name, key) => {
    const { apiKey } = await world.app.createAccount(1);
    const res = await world.app.request('POST', '/v1/verify/single', {
      key: apiKey,
      body: { email: ADDRESSES.ok },
      headers: { 'idempotency-key': key },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(2003);
  });
});
