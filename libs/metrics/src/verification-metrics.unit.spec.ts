import { parseExposition, sumOf } from '../../../test/support/prometheus-text';
import { Metrics } from './metrics';

describe('verification engine reports as series', () => {
  let metrics: Metrics;
  const value = async (name: string, labels: Record<string, string> = {}) =>
    sumOf(parseExposition(await metrics.render()), name, labels);
  beforeEach(() => {
    metrics = new Metrics();
  });

  it('counts verdicts by result, subResult and mode', async () => {
    metrics.verification.verdict({ result: 'unknown', subResult: 'greylisted' }, 'bulk');
    metrics.verification.verdict({ result: 'ok', subResult: 'ok' }, 'interactive');
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
    metrics.verification.probed('accepted', 'google', 250);
    metrics.verification.probed('connect_timeout', '', 10_000);
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
    metrics.verification.sessionOpened('microsoft365');
    metrics.verification.sessionReused('microsoft365');
    metrics.verification.sessionReused('microsoft365');
    metrics.verification.mxBackedOff('yahoo', 421);
    metrics.verification.greylistRetried(3);
    expect(await value('mailcheck_smtp_sessions_opened_total', { provider: 'microsoft365' })).toBe(1);
    expect(await value('mailcheck_smtp_sessions_reused_total', { provider: 'microsoft365' })).toBe(2);
    expect(await value('mailcheck_smtp_mx_backoffs_total', { provider: 'yahoo', code: '421' })).toBe(1);
    expect(await value('mailcheck_verification_greylist_retries_total', { mode: 'interactive' })).toBe(3);
  });

  it('counts each adaptive decision of the prober by decision and provider', async () => {
    metrics.verification.sessionAdapted('retired_error_budget', '');
    metrics.verification.sessionAdapted('retired_error_budget', '');
    metrics.verification.sessionAdapted('bulk_yielded', 'google');
    expect(
      await value('mailcheck_smtp_adaptive_decisions_total', { decision: 'retired_error_budget', provider: 'other' }),
    ).toBe(2);
    expect(
      await value('mailcheck_smtp_adaptive_decisions_total', { decision: 'bulk_yielded', provider: 'google' }),
    ).toBe(1);
    expect(await value('mailcheck_smtp_adaptive_decisions_total', { decision: 'retired_tarpit' })).toBe(0);
  });
});
