import { parseExposition, sumOf } from '../../../test/support/prometheus-text';
import { Metrics } from './metrics';

describe('hold sweep outcomes', () => {
  it('start at zero and count holds charged from their record apart from released ones', async () => {
    const metrics = new Metrics();
    const value = async (outcome: string) =>
      sumOf(parseExposition(await metrics.render()), 'mailcheck_credit_hold_sweeps_total', { outcome });
    expect([await value('charged_from_record'), await value('released')]).toEqual([0, 0]);
    metrics.holdSweeps.swept('charged');
    metrics.holdSweeps.swept('released');
    metrics.holdSweeps.swept('released');
    expect([await value('charged_from_record'), await value('released')]).toEqual([1, 2]);
  });
});
