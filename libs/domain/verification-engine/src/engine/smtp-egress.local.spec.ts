import { accept } from '../../../../../test/support/peers/smtp-peer';
import { EngineWorld, mxZone, startEngineWorld } from '../../../../../test/support/engine-world';

// example.com's address: public, so it sits behind a blocked port 25. If the prober tried it anyway
// the answer would be a timeout (this machine has no route to it), never port_25_blocked.
const PUBLIC_MX_IP = '93.184.215.14';

const zones = {
  ...mxZone('public.test', [['mx.public.test', 10, PUBLIC_MX_IP]]),
  ...mxZone('lab.test', [['mx.lab.test', 10, '127.0.0.1']]),
};

describe('verification while outbound port 25 is blocked', () => {
  let h: EngineWorld;
  beforeAll(async () => {
    h = await startEngineWorld(zones, { domains: { 'lab.test': { recipients: { ann: accept() } } } });
    h.engine.egress.record('blocked', 'test: the preflight found port 25 blocked', Date.now());
  });
  afterAll(async () => {
    await h.stop();
  });

  it('answers unknown/port_25_blocked for a public MX without connecting, with a time to retry', async () => {
    const sessionsBefore = h.smtp.stats.sessions;
    const verdict = await h.engine.verify('someone@public.test');
    expect(verdict).toMatchObject({ result: 'unknown', subResult: 'port_25_blocked', catchAll: false });
    expect(verdict.retryAfterMs).toBeGreaterThan(0);
    expect(h.smtp.stats.sessions).toBe(sessionsBefore);
  });

  it('still probes a lab MX on a loopback address, which the block does not concern', async () => {
    expect(await h.engine.verify('ann@lab.test')).toMatchObject({ result: 'ok', subResult: 'ok' });
  });

  it('probes public MX hosts again once a check finds port 25 open', async () => {
    h.engine.egress.record('open', 'test: reachable', Date.now());
    try {
      const verdict = await h.engine.verify('someone@public.test');
      expect(verdict.subResult).not.toBe('port_25_blocked');
    } finally {
      h.engine.egress.record('blocked', 'test: blocked again', Date.now());
    }
  });
});
