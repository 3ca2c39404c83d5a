import { accept, m365Like, slowBanner, SmtpPeerScript } from '../../../../../test/support/peers/smtp-peer';
import { MemorySlots } from '@lib/slots';
import { MxSlots } from '../smtp/mx-slots';
import { EngineWorld, loopbackConfig, mxZone, startEngineWorld } from '../../../../../test/support/engine-world';
import { SILENT_VERIFICATION_OBSERVER } from '../verification-observer';
import { VerificationConfig } from '../verification.config';
import { VerificationEngine } from './verification-engine';

// Two engines stand for two processes: they share one store of MX slots (as two workers share MongoDB), and
// the peer counts the sessions open at once at its MX.
const zones = mxZone('acme.test', [['mx.acme.test', 10, '127.0.0.1']]);
const script = (defences: SmtpPeerScript['defences']): SmtpPeerScript => ({
  defences,
  domains: { 'acme.test': { recipients: { alice: accept() } } },
});
const nobody = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `nobody-${tag}${i}@acme.test`);
/** Four batches at once (as four job chunks of one domain): enough callers to fill every slot the engine may use. */
const fourBatches = (engine: VerificationEngine, tag: string) =>
  Promise.all([0, 1, 2, 3].map((b) => engine.verifyMany(nobody(`${tag}${b}-`, 4), { mode: 'bulk' })));

describe('the per-MX session budget shared by the processes behind one egress address', () => {
  let h: EngineWorld;
  let second: VerificationEngine | undefined;
  let store = new Map();
  const engineOn = (egressId: string, overrides: Partial<VerificationConfig>) => {
    const config = { mxSlots: new MxSlots(new MemorySlots(store)), egressId, ...overrides };
    return { config, start: () => new VerificationEngine(loopbackConfig(h.dns.server, h.smtp.port, config)) };
  };
  afterEach(async () => {
    await second?.close();
    await h?.stop();
    second = undefined;
    store = new Map();
  });

  // Sessions at once pinned at 2 per engine, one RCPT each, and a greeting slow enough for them to overlap.
  const pinned = { perMxConcurrency: 2, perMxConcurrencyFloor: 2, maxRcptsPerSession: 1 };

  for (const [egress, peak] of [
    ['one egress id', 2],
    ['an egress id each', 4],
  ] as const) {
    it(`two engines on ${egress} have at most ${peak} sessions open at the MX at once`, async () => {
      const first = engineOn('host-a', pinned);
      h = await startEngineWorld(zones, script(slowBanner(150)), first.config);
      second = engineOn(egress === 'one egress id' ? 'host-a' : 'host-b', pinned).start();
      await Promise.all([fourBatches(h.engine, 'a'), fourBatches(second, 'b')]);
      expect(h.smtp.stats.maxConcurrent).toBe(peak);
    });
  }

  it("frees the slots of a process's parked sessions for another process that waits, long before their idle timeout", async () => {
    // Mailboxes that exist (no error budget spent): the first engine parks both of its connections for 15 s
    // once its batches are done.
    const people = (tag: string) => Array.from({ length: 8 }, (_, i) => `${tag}${i}`);
    const recipients = Object.fromEntries([...people('a'), ...people('b')].map((name) => [name, accept()]));
    const batches = (engine: VerificationEngine, tag: string) =>
      Promise.all(
        [0, 1].map((b) =>
          engine.verifyMany(
            people(tag)
              .filter((_, i) => i % 2 === b)
              .map((n) => `${n}@acme.test`),
            { mode: 'bulk' },
          ),
        ),
      );
    const reused = { perMxConcurrency: 2, perMxConcurrencyFloor: 2, maxRcptsPerSession: 100 };
    h = await startEngineWorld(
      zones,
      { ...script(slowBanner(50)), domains: { 'acme.test': { recipients } } },
      engineOn('host-a', reused).config,
    );
    await batches(h.engine, 'a');
    second = engineOn('host-a', reused).start();
    const patience = new Promise<'starved'>((resolve) => setTimeout(() => resolve('starved'), 8_000).unref());
    const served = batches(second, 'b').then(() => 'served' as const);
    expect(await Promise.race([served, patience])).toBe('served');
    expect(h.smtp.stats.maxConcurrent).toBe(2);
  }, 20_000);

  it('keeps a second process to the connection cap the first one learned from a 421 at the banner', async () => {
    const decisions: string[] = [];
    const observer = { ...SILENT_VERIFICATION_OBSERVER, sessionAdapted: (d: string) => void decisions.push(d) };
    const roomy = { perMxConcurrency: 4, maxRcptsPerSession: 1, observer };
    h = await startEngineWorld(
      zones,
      script(m365Like({ maxConnectionsPerClient: 2 })),
      engineOn('host-a', roomy).config,
    );
    await fourBatches(h.engine, 'a');
    expect(decisions).toContain('connection_cap_learned');
    await h.engine.close(); // the first process is gone; what it learned stays with the address
    const refused = h.smtp.stats.defences.connectionRefusals;
    expect(refused).toBeGreaterThanOrEqual(1);
    second = engineOn('host-a', { ...roomy, observer: SILENT_VERIFICATION_OBSERVER }).start();
    const verdicts = (await fourBatches(second, 'b')).flat();
    expect(verdicts.every((v) => v.result === 'invalid')).toBe(true);
    expect(h.smtp.stats.defences.connectionRefusals).toBe(refused);
  });
});
