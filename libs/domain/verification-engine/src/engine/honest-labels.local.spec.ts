import { accept, greylist } from '../../../../../test/support/peers/smtp-peer';
import { EngineWorld, mxZone, startEngineWorld } from '../../../../../test/support/engine-world';

const zones = {
  ...mxZone('grey.test', [['mx.grey.test', 10, '127.0.0.1']]),
  ...mxZone('lab.test', [['mx.lab.test', 10, '127.0.0.1']]),
  // gnail.com is on the disposable lists; here it routes to the loopback peer like any domain.
  ...mxZone('gnail.com', [['mx.gnail.com', 10, '127.0.0.1']]),
};

describe('verdict labels that name the real obstacle', () => {
  let h: EngineWorld;
  beforeAll(async () => {
    h = await startEngineWorld(zones, {
      domains: {
        // The address is accepted; every other (the random catch-all probe) is greylisted for good.
        'grey.test': { default: greylist(1_000), recipients: { ann: accept() } },
        'lab.test': { recipients: { ann: accept() } },
        'gnail.com': { default: accept() },
      },
    });
  });
  afterAll(async () => {
    await h.stop();
  });

  describe('when the catch-all probe of a greylisting domain stays greylisted', () => {
    it('answers unknown/greylisted with a time to retry, not catch_all_inconclusive', async () => {
      const verdict = await h.engine.verify('ann@grey.test');
      expect(verdict).toMatchObject({ result: 'unknown', subResult: 'greylisted', catchAll: false });
      expect(verdict.retryAfterMs).toBeGreaterThan(0);
    });
  });

  describe('reserved and special-use domains (RFC 2606 / 6761)', () => {
    it.each([
      'someone@example.com',
      'a@example.org',
      'b@sub.example.net',
      'c@host.invalid',
      'd@foo.localhost',
      'e@xyz.onion',
    ])('answers %s invalid/reserved_domain without any SMTP session, and not free', async (email) => {
      const sessions = h.smtp.stats.sessions;
      expect(await h.engine.verify(email)).toMatchObject({
        result: 'invalid',
        subResult: 'reserved_domain',
        free: false,
        disposable: false,
      });
      expect(h.smtp.stats.sessions).toBe(sessions);
    });

    it('answers a test name the configured DNS does not route as reserved, not as a missing domain', async () => {
      expect(await h.engine.verify('someone@nowhere.test')).toMatchObject({
        result: 'invalid',
        subResult: 'reserved_domain',
      });
    });

    it('probes a test name the configured DNS routes, like any domain', async () => {
      expect(await h.engine.verify('ann@lab.test')).toMatchObject({ result: 'ok', subResult: 'ok' });
    });
  });

  describe('a typo-squatting domain on the disposable lists', () => {
    it('suggests the popular domain and stays disposable', async () => {
      expect(await h.engine.verify('jane.doe@gnail.com')).toMatchObject({
        result: 'disposable',
        disposable: true,
        didYouMean: 'jane.doe@gmail.com',
      });
    });
  });
});
