import { accept } from '../../../../../test/support/peers/smtp-peer';
import { EngineWorld, mxZone, startEngineWorld } from '../../../../../test/support/engine-world';
import { AdaptiveDecision, SILENT_VERIFICATION_OBSERVER } from '../verification-observer';

const zones = mxZone('busy.test', [['mx.busy.test', 10, '127.0.0.1']]);
const vips = ['ceo', 'cfo', 'cto'];
const bulkList = Array.from({ length: 400 }, (_, i) => `member${i}@busy.test`);

describe('the interactive lane on an MX saturated by bulk work', () => {
  let h: EngineWorld;
  const decisions: AdaptiveDecision[] = [];

  beforeAll(async () => {
    h = await startEngineWorld(
      zones,
      {
        domains: {
          'busy.test': {
            recipients: Object.fromEntries(
              [...vips, ...bulkList.map((a) => a.split('@')[0])].map((l) => [l, accept()]),
            ),
          },
        },
      },
      {
        // One session per MX for bulk work: 20 chunks of 20 RCPTs queue for it.
        perMxConcurrency: 1,
        observer: {
          ...SILENT_VERIFICATION_OBSERVER,
          sessionAdapted: (d) => {
            decisions.push(d);
          },
        },
      },
    );
  });
  afterAll(async () => {
    await h.stop();
  });

  it('serves single verifies before the queued bulk chunks, bulk sessions handing over between RCPTs', async () => {
    const order: string[] = [];
    const bulk = h.engine.verifyMany(bulkList, { mode: 'bulk' }).then((verdicts) => {
      order.push('bulk done');
      return verdicts;
    });
    // Wait (on events, not on time) until bulk work holds the MX's only slot.
    while (h.smtp.stats.rcpts.length < 5) await new Promise((resolve) => setImmediate(resolve));
    const seenBefore = h.smtp.stats.rcpts.length;
    const singles = await Promise.all(
      vips.map((vip) =>
        h.engine.verify(`${vip}@busy.test`).then((v) => {
          order.push(`single ${vip}`);
          return v;
        }),
      ),
    );
    const verdicts = await bulk;

    expect(singles.map((v) => v.result)).toEqual(['ok', 'ok', 'ok']);
    expect(verdicts.every((v) => v.result === 'ok')).toBe(true);
    // Every single verify answered while bulk work was still queued behind it.
    expect(order.indexOf('bulk done')).toBe(vips.length);
    const rcpts = h.smtp.stats.rcpts.map((r) => r.address);
    const lastBulk = Math.max(...bulkList.map((a) => rcpts.lastIndexOf(a)));
    for (const vip of vips) {
      const at = rcpts.indexOf(`${vip}@busy.test`);
      expect(at).toBeGreaterThanOrEqual(seenBefore);
      expect(at).toBeLessThan(lastBulk);
    }
    // One single took the reserved slot; the others were handed the bulk session between two RCPTs.
    expect(decisions).toContain('bulk_yielded');
  });
});
