import { ADDRESSES, eventuallyBalance, startVerifyWorld, VerifyWorld } from './verify-world';

describe('batch verification', () => {
  let world: VerifyWorld;
  beforeAll(async () => {
    world = await startVerifyWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  const batch = (key: string, body: unknown, headers?: Record<string, string>) =>
    world.app.request('POST', '/v1/verify/batch', { key, body, headers });

  describe('when the list repeats addresses', () => {
    it('probes each canonical address once, repeats its result in order and charges it once', async () => {
      const { apiKey } = await world.app.createAccount(10);
      const carol = 'carol@acme.test';
      const emails = [
        carol,
        ADDRESSES.invalid,
        'CAROL@acme.test',
        ADDRESSES.unknown,
        ADDRESSES.catchAll,
        ` ${carol}`,
        ADDRESSES.disposable,
      ];
      const res = await batch(apiKey, { emails });
      expect(res.status).toBe(200);
      const { results, summary } = res.body.data;
      expect(results.map((r: { email: string }) => r.email)).toEqual(emails.map((e) => e.trim()));
      expect(results.map((r: { result: string }) => r.result)).toEqual([
        'ok',
        'invalid',
        'ok',
        'unknown',
        'catch_all',
        'ok',
        'disposable',
      ]);
      expect(results.map((r: { creditsCharged: number }) => r.creditsCharged)).toEqual([1, 1, 0, 0, 1, 0, 1]);
      expect(world.rcptsFor(carol)).toBe(1);
      expect(summary).toEqual({
        total: 7,
        valid: 3,
        invalid: 1,
        catchAll: 1,
        unknown: 1,
        disposable: 1,
        error: 0,
        creditsCharged: 4,
        creditsRemaining: 6,
      });
      expect(results.every((r: { creditsRemaining: number }) => r.creditsRemaining === 6)).toBe(true);
      expect(await eventuallyBalance(world.app, apiKey, 6)).toMatchObject({ balance: 6, held: 0 });
    });
  });

  describe('when the unique addresses cost more than is available', () => {
    it('answers 402 and probes none of them', async () => {
      const { apiKey } = await world.app.createAccount(2);
      const before = world.smtp.stats.rcpts.length;
      // Three unique addresses (the duplicate does not count) need 3 credits up front.
      const res = await batch(apiKey, {
        emails: ['dave@acme.test', 'dave@ACME.test', 'x1@catchall.test', 'x2@catchall.test'],
      });
      expect(res.status).toBe(402);
      expect(res.body.error.code).toBe(2001);
      expect(world.smtp.stats.rcpts.length).toBe(before);
      expect(await eventuallyBalance(world.app, apiKey, 2)).toMatchObject({ balance: 2, held: 0, available: 2 });
    });

    it('still succeeds when the duplicates make the list look too expensive', async () => {
      const { apiKey } = await world.app.createAccount(1);
      const res = await batch(apiKey, { emails: [ADDRESSES.ok, ADDRESSES.ok, 'Alice@acme.test'] });
      expect(res.status).toBe(200);
      expect(res.body.data.summary).toMatchObject({ total: 3, valid: 3, creditsCharged: 1, creditsRemaining: 0 });
    });
  });

  describe('when the input is bad', () => {
    let apiKey: string;
    beforeAll(async () => {
      apiKey = (await world.app.createAccount(500)).apiKey;
    });

    it.each([
      ['101 addresses', { emails: Array.from({ length: 101 }, (_, i) => `u${i}@catchall.test`) }, 400, 2101],
      ['an empty list', { emails: [] }, 400, 2102],
      ['emails that is not an array', { emails: 'a@acme.test' }, 400, 1006],
      ['a non-string element', { emails: ['a@acme.test', 42] }, 400, 1006],
      ['an empty element', { emails: ['a@acme.test', '  '] }, 400, 1006],
      ['no emails field', {}, 400, 1006],
      ['a body that is not JSON', '{"emails": [', 400, 1005],
    ])('refuses %s with the envelope and charges nothing', async (_name, body, status, code) => {
      const before = world.smtp.stats.rcpts.length;
      const res = await batch(apiKey, body);
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ status: 'error', data: null, error: { code, message: expect.any(String) } });
      expect(world.smtp.stats.rcpts.length).toBe(before);
    });

    it('accepts exactly 100 addresses', async () => {
      const res = await batch(apiKey, { emails: Array.from({ length: 100 }, (_, i) => `u${i}@catchall.test`) });
      expect(res.status).toBe(200);
      expect(res.body.data.summary).toMatchObject({
        total: 100,
        catchAll: 100,
        creditsCharged: 100,
        creditsRemaining: 400,
      });
    });

    it('refuses a wrong content type with 415', async () => {
      const res = await batch(apiKey, 'emails=a@acme.test', { 'content-type': 'application/x-www-form-urlencoded' });
      expect(res.status).toBe(415);
      expect(res.body.error.code).toBe(1004);
    });

    it('accepts text/json and application/*+json bodies', async () => {
      for (const type of ['text/json', 'application/vnd.api+json']) {
        const res = await batch(apiKey, JSON.stringify({ emails: [ADDRESSES.unknown] }), { 'content-type': type });
        expect(res.status).toBe(200);
      }
    });

    it('refuses an oversized body with 413', async () => {
      const res = await batch(apiKey, JSON.stringify({ emails: ['x'.repeat(2 * 1024 * 1024)] }));
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe(1003);
    });
  });
});
