import { startTestApp, TestApp } from '../../support/test-app';
import { answer } from '../keys/scoped-keys';
import { publishableKey, SHOP, verifyFrom } from './publishable-support';

// Issue 38, item 3: publishable keys are limited per visitor (IPv6 by /64), per key per minute and per day,
// in the shared rate-limit store, with 429 and Retry-After the page can read.
describe('publishable key limits', () => {
  describe('per visitor and per minute', () => {
    let app: TestApp;
    let accountId: string;
    beforeAll(async () => {
      app = await startTestApp({
        TRUSTED_PROXIES: '127.0.0.1',
        PUBLISHABLE_RATE_LIMIT_PER_VISITOR_PER_MINUTE: '3',
        PUBLISHABLE_RATE_LIMIT_PER_MINUTE: '5',
      });
      ({ accountId } = await app.createAccount(1000));
    });
    afterAll(() => app.close());

    it('refuses a visitor past its share with 429 and Retry-After, and not the next visitor', async () => {
      const key = await publishableKey(app, accountId);
      for (let i = 0; i < 3; i++)
        expect((await verifyFrom(app, key, SHOP, undefined, '198.51.100.7')).status).toBe(200);
      const refused = await verifyFrom(app, key, SHOP, undefined, '198.51.100.7');
      expect(answer(refused)).toEqual({ status: 429, code: 1201 });
      expect(refused.body.error.limit).toBe('visitor');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(20);
      expect(refused.headers.get('access-control-allow-origin')).toBe(SHOP);
      expect((await verifyFrom(app, key, SHOP, undefined, '198.51.100.8')).status).toBe(200);
    });

    it('counts an IPv6 visitor by its /64', async () => {
      const key = await publishableKey(app, accountId);
      for (const visitor of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::9'])
        expect((await verifyFrom(app, key, SHOP, undefined, visitor)).status).toBe(200);
      const refused = await verifyFrom(app, key, SHOP, undefined, '2001:db8:1:2::abcd');
      expect({ ...answer(refused), limit: refused.body.error.limit }).toEqual({
        status: 429,
        code: 1201,
        limit: 'visitor',
      });
      expect((await verifyFrom(app, key, SHOP, undefined, '2001:db8:1:3::1')).status).toBe(200);
    });

    it("refuses the key's visitors together past the key's minute", async () => {
      const key = await publishableKey(app, accountId);
      for (let i = 1; i <= 5; i++)
        expect((await verifyFrom(app, key, SHOP, undefined, `203.0.113.${i}`)).status).toBe(200);
      const refused = await verifyFrom(app, key, SHOP, undefined, '203.0.113.99');
      expect({ ...answer(refused), limit: refused.body.error.limit }).toEqual({
        status: 429,
        code: 1201,
        limit: 'minute',
      });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // Another key of the same account has its own minute.
      expect(
        (await verifyFrom(app, await publishableKey(app, accountId), SHOP, undefined, '203.0.113.99')).status,
      ).toBe(200);
    });
  });

  describe('per day', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ TRUSTED_PROXIES: '127.0.0.1', PUBLISHABLE_RATE_LIMIT_PER_DAY: '4' });
    });
    afterAll(() => app.close());

    it("refuses the key past its day, with a Retry-After of hours, and the visitor's refusal spends none of it", async () => {
      const { accountId } = await app.createAccount(1000);
      const key = await publishableKey(app, accountId);
      for (let i = 1; i <= 4; i++)
        expect((await verifyFrom(app, key, SHOP, undefined, `192.0.2.${i}`)).status).toBe(200);
      const refused = await verifyFrom(app, key, SHOP, undefined, '192.0.2.50');
      expect({ ...answer(refused), limit: refused.body.error.limit }).toEqual({
        status: 429,
        code: 1201,
        limit: 'day',
      });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600);
    });
  });
});
