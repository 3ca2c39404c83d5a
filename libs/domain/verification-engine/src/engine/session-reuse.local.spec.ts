import { accept } from '../../../../../test/support/peers/smtp-peer';
import { EngineWorld, mxZone, startEngineWorld } from '../../../../../test/support/engine-world';

const zones = { ...mxZone('bulk.test', [['mx.bulk.test', 10, '127.0.0.1']]) };
const script = {
  domains: {
    'bulk.test': { recipients: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`user${i}`, accept()])) },
  },
};
const batch = Array.from({ length: 40 }, (_, i) => `user${i}@bulk.test`);

describe('session reuse and per-MX politeness', () => {
  describe('with session reuse on', () => {
    let h: EngineWorld;
    beforeAll(async () => {
      h = await startEngineWorld(zones, script, { sessionReuse: true, maxRcptsPerSession: 25, perMxConcurrency: 2 });
    });
    afterAll(async () => {
      await h.stop();
    });

    it('serves many RCPTs per session, keeps order, and never sends DATA', async () => {
      const verdicts = await h.engine.verifyMany(batch, { mode: 'bulk' });
      expect(verdicts.map((v) => v.email)).toEqual(batch);
      expect(verdicts.filter((v) => v.result === 'ok')).toHaveLength(20);
      expect(verdicts.filter((v) => v.result === 'invalid')).toHaveLength(20);
      // 20 rejections at an error budget of 8 need 3 sessions; on a loaded machine a reply can look
      // tarpitted and its session is replaced, so allow two more. Without reuse it is one session per address (40).
      expect(h.smtp.stats.sessions).toBeLessThanOrEqual(5);
      expect(h.smtp.stats.commands).toContain('RSET');
      expect(h.smtp.stats.commands).not.toContain('DATA');
    });

    it('never opens more concurrent sessions to one MX than the cap', () => {
      expect(h.smtp.stats.maxConcurrent).toBeLessThanOrEqual(2);
    });
  });

  describe('with session reuse off', () => {
    let h: EngineWorld;
    beforeAll(async () => {
      h = await startEngineWorld(zones, script, { sessionReuse: false, perMxConcurrency: 3 });
    });
    afterAll(async () => {
      await h.stop();
    });

    it('opens one session per address and still respects the cap', async () => {
      const verdicts = await h.engine.verifyMany(batch, { mode: 'bulk' });
      expect(verdicts.filter((v) => v.result === 'ok')).toHaveLength(20);
      expect(h.smtp.stats.sessions).toBeGreaterThanOrEqual(batch.length);
      expect(h.smtp.stats.maxConcurrent).toBeLessThanOrEqual(3);
    });
  });
});
