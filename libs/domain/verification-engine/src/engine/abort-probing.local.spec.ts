import { eventually } from '@lib/common/testing';
import { reject } from '../../../../../test/support/peers/smtp-peer';
import { EngineWorld, mxZone, startEngineWorld } from '../../../../../test/support/engine-world';

const zones = mxZone('slow.test', [['mx.slow.test', 10, '127.0.0.1']]);
const ADDRESSES = Array.from({ length: 40 }, (_, k) => `person${k}@slow.test`);

// Generous: on a loaded CI machine the first session can take seconds to open; this waits, it times nothing.
async function untilRcpts(h: EngineWorld, count: number): Promise<void> {
  await eventually(() => expect(h.smtp.stats.rcpts.length).toBeGreaterThanOrEqual(count), {
    timeoutMs: 20_000,
    intervalMs: 2,
  });
}

describe('verification engine when the caller aborts (a cancelled job)', () => {
  let h: EngineWorld;
  // One session for the whole domain (no split across parallel sessions), each RCPT answered after 40 ms.
  beforeAll(async () => {
    h = await startEngineWorld(
      zones,
      { rcptDelayMs: 40, domains: { 'slow.test': { default: reject() } } },
      { maxRcptsPerSession: 100, perMxConcurrency: 1 },
    );
  });
  afterAll(async () => {
    await h.stop();
  });

  it('sends no RCPT once the signal aborted and answers unknown for the addresses left', async () => {
    const abort = new AbortController();
    const running = h.engine.verifyMany(ADDRESSES, { mode: 'bulk', signal: abort.signal });
    await untilRcpts(h, 5);
    const abortedAt = Date.now();
    abort.abort();
    const verdicts = await running;

    // The RCPTs in flight at the abort, pipelined in one write (RFC 2920) before it, reach the server's
    // handler one by one after it: at most one batch, which the error budget of 8 bounds; nothing later.
    const probed = h.smtp.stats.rcpts.length;
    expect(h.smtp.stats.rcpts.filter((r) => r.at > abortedAt).length).toBeLessThanOrEqual(8);
    expect(probed).toBeLessThan(ADDRESSES.length);
    // Every RCPT sent gets its answer; the addresses never asked are unknown.
    const unknown = verdicts.filter((v) => v.result === 'unknown');
    expect(unknown.length).toBe(ADDRESSES.length - probed);
    expect(verdicts.slice(0, probed).map((v) => v.result)).toEqual(Array(probed).fill('invalid'));
  });

  it('probes no finder candidate once the signal aborted', async () => {
    const before = h.smtp.stats.rcpts.length;
    const abort = new AbortController();
    abort.abort();
    const report = await h.engine.probeCandidates('slow.test', ['jane.doe', 'jdoe', 'jane'], {
      stopAtFirstOk: true,
      maxProbes: 3,
      deadlineMs: 5_000,
      signal: abort.signal,
    });
    expect(report.probes).toEqual([]);
    expect(h.smtp.stats.rcpts.length).toBe(before);
  });
});
