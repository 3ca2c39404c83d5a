import { Metrics } from '@lib/metrics';
import { parseExposition, sumOf } from '../../../../../test/support/prometheus-text';
import { DomainMetrics } from './domain-metrics';

describe('verification engine reports as series', () => {
  let metrics: Metrics;
  let domain: DomainMetrics;
  const value = async (name: string, labels: Record<string, string> = {}) =>
    sumOf(parseExposition(await metrics.render()), name, labels);
  beforeEach(() => {
    metrics = new Metrics();
    domain = new DomainMetrics(metrics);
  });

  it('counts verdicts by result, subResult and mode', async () => {
    domain.verification.verdict({ result: 'unknown', subResult: 'greylisted' }, 'bulk');
    domain.verification.verdict({ result: 'ok', subResult: 'ok' }, 'interactive');
    expect(
      await value('mailcheck_verification_verdicts_total', {
        result: 'unknown',
        sub_result: 'greylisted',
        mode: 'bulk',
      }),
    ).toBe(1);
    expect(await value('mailcheck_verification_verdicts_total', { mode: 'interactive' })).toBe(1);
  });

  it('times probes in seconds by outcome and counts them by provider, `other` when the playbook knows none', async () => {
    domain.verification.probed('accepted', 'google', 250);
    domain.verification.probed('connect_timeout', '', 10_000);
    expect(await value('mailcheck_smtp_probe_duration_seconds_sum', { outcome: 'accepted' })).toBeCloseTo(0.25);
    expect(await value('mailcheck_smtp_probe_duration_seconds_bucket', { outcome: 'connect_timeout', le: '10' })).toBe(
      1,
    );
    expect(await value('mailcheck_smtp_probe_duration_seconds_bucket', { outcome: 'connect_timeout', le: '5' })).toBe(
      0,
    );
    expect(await value('mailcheck_smtp_probes_total', { outcome: 'accepted', provider: 'google' })).toBe(1);
    expect(await value('mailcheck_smtp_probes_total', { outcome: 'connect_timeout', provider: 'other' })).toBe(1);
  });

  it('counts sessions, back-offs by reply code and interactive greylist retries by address', async () => {
    domain.verification.sessionOpened('microsoft365');
    domain.verification.sessionReused('microsoft365');
    domain.verification.sessionReused('microsoft365');
    domain.verification.mxBackedOff('yahoo', 421);
    domain.verification.greylistRetried(3);
    expect(await value('mailcheck_smtp_sessions_opened_total', { provider: 'microsoft365' })).toBe(1);
    expect(await value('mailcheck_smtp_sessions_reused_total', { provider: 'microsoft365' })).toBe(2);
    expect(await value('mailcheck_smtp_mx_backoffs_total', { provider: 'yahoo', code: '421' })).toBe(1);
    expect(await value('mailcheck_verification_greylist_retries_total', { mode: 'interactive' })).toBe(3);
  });

  it('counts each adaptive decision of the prober by decision and provider', async () => {
    domain.verification.sessionAdapted('retired_error_budget', '');
    domain.verification.sessionAdapted('retired_error_budget', '');
    domain.verification.sessionAdapted('bulk_yielded', 'google');
    expect(
      await value('mailcheck_smtp_adaptive_decisions_total', { decision: 'retired_error_budget', provider: 'other' }),
    ).toBe(2);
    expect(
      await value('mailcheck_smtp_adaptive_decisions_total', { decision: 'bulk_yielded', provider: 'google' }),
    ).toBe(1);
    expect(await value('mailcheck_smtp_adaptive_decisions_total', { decision: 'retired_tarpit' })).toBe(0);
  });
});
