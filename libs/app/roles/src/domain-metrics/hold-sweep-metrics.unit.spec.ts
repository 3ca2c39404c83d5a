import { Metrics } from '@lib/metrics';
import { parseExposition, sumOf } from '../../../../../test/support/prometheus-text';
import { DomainMetrics } from './domain-metrics';

describe('hold sweep outcomes', () => {
  it('start at zero and count holds charged from their record apart from released ones', async () => {
    const metrics = new Metrics();
    const domain = new DomainMetrics(metrics);
    const value = async (outcome: string) =>
      sumOf(parseExposition(await metrics.render()), 'mailcheck_credit_hold_sweeps_total', { outcome });
    expect([await value('charged_from_record'), await value('released')]).toEqual([0, 0]);
    domain.holdSweeps.swept('charged');
    domain.holdSweeps.swept('released');
    domain.holdSweeps.swept('released');
    expect([await value('charged_from_record'), await value('released')]).toEqual([1, 2]);
  });
});
