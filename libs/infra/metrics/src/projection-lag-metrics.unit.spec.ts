import { parseExposition } from '../../../../test/support/prometheus-text';
import { Metrics } from './metrics';
import { LAG_CAP } from './projection-lag-metrics';

describe('projection lag gauge', () => {
  const lagSamples = async (metrics: Metrics) =>
    parseExposition(await metrics.render()).filter((s) => s.name === 'mailcheck_projection_lag_events');

  it('reads each tracked subscriber at scrape time, with the cap', async () => {
    const metrics = new Metrics();
    let behind = 12;
    const caps: number[] = [];
    metrics.projections.track('projections', async (cap) => {
      caps.push(cap);
      return behind;
    });
    expect((await lagSamples(metrics)).map((s) => [s.labels.subscriber, s.value])).toEqual([['projections', 12]]);
    behind = 0;
    expect((await lagSamples(metrics))[0].value).toBe(0);
    expect(caps).toEqual([LAG_CAP, LAG_CAP]);
  });

  it('leaves out a subscriber whose store does not answer, and one no longer tracked', async () => {
    const metrics = new Metrics();
    metrics.projections.track('projections', async () => {
      throw new Error('store down');
    });
    metrics.projections.track('relay', async () => 3);
    expect((await lagSamples(metrics)).map((s) => s.labels.subscriber)).toEqual(['relay']);
    metrics.projections.untrack('relay');
    expect(await lagSamples(metrics)).toEqual([]);
  });
});
