import { accept } from '../../../../../test/support/peers/smtp-peer';
import { EngineWorld, mxZone, startEngineWorld } from '../../../../../test/support/engine-world';

const zones = {
  ...mxZone('acme.test', [['mx.acme.test', 10, '127.0.0.1']]),
  ...mxZone('catchall.test', [['mx.catchall.test', 10, '127.0.0.1']]),
  'nullmx.test': { mx: [{ exchange: '', priority: 0 }] },
};

describe('candidate probing for the finder', () => {
  let h: EngineWorld;
  beforeAll(async () => {
    h = await startEngineWorld(zones, {
      domains: { 'acme.test': { recipients: { 'jane.doe': accept() } }, 'catchall.test': { default: accept() } },
    });
  });
  afterAll(async () => {
    await h.stop();
  });

  it('probes candidates in order on one SMTP session and stops at the first ok', async () => {
    const sessions = h.smtp.stats.sessions;
    const report = await h.engine.probeCandidates('acme.test', ['jane', 'jdoe', 'jane.doe', 'doe'], {
      stopAtFirstOk: true,
      maxProbes: 10,
      deadlineMs: 5_000,
    });
    expect(report).toMatchObject({ domain: 'acme.test', mailAccepting: true, catchAll: false });
    expect(report.probes.map((p) => [p.localPart, p.result])).toEqual([
      ['jane', 'invalid'],
      ['jdoe', 'invalid'],
      ['jane.doe', 'ok'],
    ]);
    expect(h.smtp.stats.sessions - sessions).toBe(1);
  });

  it('respects maxProbes', async () => {
    const report = await h.engine.probeCandidates('acme.test', ['a', 'b', 'c', 'jane.doe'], {
      stopAtFirstOk: true,
      maxProbes: 2,
      deadlineMs: 5_000,
    });
    expect(report.probes).toHaveLength(2);
  });

  it('stops after the first accepted candidate on a catch-all domain and reports catch_all', async () => {
    const report = await h.engine.probeCandidates('catchall.test', ['jane', 'jdoe'], {
      stopAtFirstOk: true,
      maxProbes: 10,
      deadlineMs: 5_000,
    });
    expect(report.catchAll).toBe(true);
    expect(report.probes).toEqual([
      { localPart: 'jane', email: 'jane@catchall.test', result: 'catch_all', subResult: 'catch_all' },
    ]);
  });

  it('reports a domain that takes no mail without probing', async () => {
    const report = await h.engine.probeCandidates('nullmx.test', ['jane'], {
      stopAtFirstOk: true,
      maxProbes: 10,
      deadlineMs: 5_000,
    });
    expect(report).toMatchObject({ mailAccepting: false, reason: 'null_mx', probes: [] });
  });
});
