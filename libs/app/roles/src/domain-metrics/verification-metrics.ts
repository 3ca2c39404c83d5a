import { Counter, Histogram, Registry } from 'prom-client';
import type {
  AdaptiveDecision,
  ProbeKind,
  VerificationMode,
  VerificationObserver,
  VerificationVerdict,
} from '@lib/verification-engine';
import { EgressRouteMetrics } from './egress-route-metrics';

// The engine passes playbook provider names only; '' (no rule matched) is shown as `other`.
const provider = (name: string): string => name || 'other';

/** The verification engine's reports (libs/domain/verification-engine's VerificationObserver port) as Prometheus series. */
export class VerificationMetrics implements VerificationObserver {
  private readonly verdicts: Counter<'result' | 'sub_result' | 'mode'>;
  private readonly probeDuration: Histogram<'outcome'>;
  private readonly probes: Counter<'outcome' | 'provider'>;
  private readonly sessionsOpened: Counter<'provider'>;
  private readonly sessionsReused: Counter<'provider'>;
  private readonly backoffs: Counter<'provider' | 'code'>;
  private readonly greylistRetries: Counter<'mode'>;
  private readonly adaptiveDecisions: Counter<'decision' | 'provider'>;
  private readonly routes: EgressRouteMetrics;

  constructor(registry: Registry) {
    const registers = [registry];
    this.routes = new EgressRouteMetrics(registry);
    this.verdicts = new Counter({
      name: 'mailcheck_verification_verdicts_total',
      help: 'Verdicts produced by the engine, by result, subResult and mode (interactive: API calls; bulk: job chunks).',
      labelNames: ['result', 'sub_result', 'mode'],
      registers,
    });
    this.probeDuration = new Histogram({
      name: 'mailcheck_smtp_probe_duration_seconds',
      help: 'SMTP probes of one address (catch-all test addresses included) by outcome kind: time until its probe call decided it.',
      labelNames: ['outcome'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60],
      registers,
    });
    this.probes = new Counter({
      name: 'mailcheck_smtp_probes_total',
      help: 'SMTP probes of one address by outcome kind and mailbox provider of the MX.',
      labelNames: ['outcome', 'provider'],
      registers,
    });
    this.sessionsOpened = new Counter({
      name: 'mailcheck_smtp_sessions_opened_total',
      help: 'SMTP connections opened (attempts, failed connects included), by mailbox provider of the MX.',
      labelNames: ['provider'],
      registers,
    });
    this.sessionsReused = new Counter({
      name: 'mailcheck_smtp_sessions_reused_total',
      help: 'Parked SMTP sessions taken again instead of opening a connection, by provider.',
      labelNames: ['provider'],
      registers,
    });
    this.backoffs = new Counter({
      name: 'mailcheck_smtp_mx_backoffs_total',
      help: 'MX addresses put in back-off after a 421 or 452 reply, by provider and reply code.',
      labelNames: ['provider', 'code'],
      registers,
    });
    this.adaptiveDecisions = new Counter({
      name: 'mailcheck_smtp_adaptive_decisions_total',
      help: 'The prober adapting to an MX, by decision (retired_error_budget, retired_tarpit, retired_rcpt_cap, reconnect_after_421, concurrency_raised, concurrency_lowered, connect_rate_raised, connect_rate_lowered, connect_paced, error_budget_learned, connection_cap_learned, bulk_yielded) and provider.',
      labelNames: ['decision', 'provider'],
      registers,
    });
    this.greylistRetries = new Counter({
      name: 'mailcheck_verification_greylist_retries_total',
      help: 'Addresses scheduled for another probe after a temporary failure: interactive waits inside the budget, bulk as job chunk retries.',
      labelNames: ['mode'],
      registers,
    });
  }

  verdict(verdict: Pick<VerificationVerdict, 'result' | 'subResult'>, mode: VerificationMode): void {
    this.verdicts.inc({ result: verdict.result, sub_result: verdict.subResult ?? 'none', mode });
  }

  probed(kind: ProbeKind, providerName: string, durationMs: number): void {
    this.probeDuration.observe({ outcome: kind }, durationMs / 1000);
    this.probes.inc({ outcome: kind, provider: provider(providerName) });
  }

  sessionOpened(providerName: string): void {
    this.sessionsOpened.inc({ provider: provider(providerName) });
  }

  sessionReused(providerName: string): void {
    this.sessionsReused.inc({ provider: provider(providerName) });
  }

  mxBackedOff(providerName: string, replyCode: number): void {
    this.backoffs.inc({ provider: provider(providerName), code: String(replyCode) });
  }

  sessionAdapted(decision: AdaptiveDecision, providerName: string): void {
    this.adaptiveDecisions.inc({ decision, provider: provider(providerName) });
  }

  greylistRetried(addresses: number): void {
    this.greylistRetries.inc({ mode: 'interactive' }, addresses);
  }

  routeSessionOpened(route: string, providerName: string): void {
    this.routes.sessionOpened(route, providerName);
  }

  routeProbed(route: string, kind: ProbeKind, providerName: string, durationMs: number): void {
    this.routes.probed(route, kind, providerName, durationMs);
  }

  routeOut(route: string, scope: 'route' | 'provider' | 'mx', providerName: string, reason: string): void {
    this.routes.out(route, scope, providerName, reason);
  }

  routeFailover(route: string, providerName: string, addresses: number): void {
    this.routes.failover(route, providerName, addresses);
  }

  /** Addresses a bulk-job chunk put back for a later pass (the engine itself never waits in bulk mode). */
  bulkRetriesScheduled(addresses: number): void {
    this.greylistRetries.inc({ mode: 'bulk' }, addresses);
  }
}
