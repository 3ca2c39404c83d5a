import { DnsClient } from '../dns/dns-client';
import { HostResolver } from '../dns/host-resolver';
import { MailRouter } from '../dns/mail-routing';
import { MemorySlots } from '@lib/slots';
import { MxSlots } from '../smtp/mx-slots';
import { egressReport, EgressRouteReport } from '../egress/egress-report';
import { ProbeRoute, RouteContext } from '../egress/probe-route';
import { RouteHealth } from '../egress/route-health';
import { RoutedProber } from '../egress/routed-prober';
import { RouteSelector } from '../egress/route-selector';
import { singleRoute } from '../egress/single-route';
import { SmtpEgress } from '../smtp/smtp-egress';
import { checkSyntax } from '../syntax/email-syntax';
import { canonicalEmail } from '../syntax/canonical-email';
import { suggestCorrection } from '../syntax/did-you-mean';
import { VerificationConfig } from '../verification.config';
import { CandidateProbeReport, VerificationMode, VerificationVerdict } from '../verification.types';
import { SILENT_VERIFICATION_OBSERVER, VerificationObserver } from '../verification-observer';
import { mapBounded } from '@lib/common';
import { AddressFlights, Flight } from './address-flights';
import { CandidateOptions, probeCandidatesOn } from './candidate-probing';
import { CatchAllCache } from './catch-all-cache';
import { FindingsContext, gatherFindings } from './domain-findings';
import { settleTemporaryFailures } from './greylist-retry';
import { AddressFacts, buildVerdict, earlyVerdict } from './verdict-builder';

const DEFAULT_DOMAIN_CONCURRENCY = 8;

export interface VerifyManyOptions {
  mode?: VerificationMode;
  concurrency?: number;
  signal?: AbortSignal;
  progress?: (indexes: number[]) => void;
}

/** Reports each index at most once (an address is answered, then its verdict is built). */
function progressOnce(report: VerifyManyOptions['progress']): (indexes: number[]) => void {
  if (!report) return () => undefined;
  const told = new Set<number>();
  return (indexes) => {
    const fresh = indexes.filter((i) => !told.has(i));
    fresh.forEach((i) => told.add(i));
    if (fresh.length > 0) report(fresh);
  };
}
// How long an error budget or recipient cap learned from an MX is trusted before the defaults are tried again.
const LEARNED_MEMORY_MS = 60 * 60_000;

/** One address of a verifyMany call: its input index and what syntax made of it. */
interface Entry {
  index: number;
  facts: AddressFacts;
}

/** What one verifyMany call's domains share while they are verified. */
interface CallState {
  mode: VerificationMode;
  start: number;
  signal?: AbortSignal;
  progress: (indexes: number[]) => void;
  verdicts: VerificationVerdict[];
}

/**
 * The ten-step pipeline: syntax, normalize, did-you-mean, DNS/MX, disposable, free, role,
 * SMTP probe, risk score, quality. Holds the DNS cache, catch-all cache and SMTP session
 * pool, so one instance should serve a whole process; call close() at shutdown.
 */
export class VerificationEngine {
  private readonly ctx: FindingsContext;
  private readonly observer: VerificationObserver;
  private readonly flights = new AddressFlights();
  /** The ways out to mail servers, each with its own session pool (egress/); one 'default' route without SMTP_ROUTES. */
  readonly routes: ProbeRoute[];
  /** Which routes are out of service, and where (the admin view and /ready read it). */
  readonly routeHealth: RouteHealth;
  /** The process's resolver for plain host names, on the same DNS client as mail routing (see HostResolver). */
  readonly resolver: HostResolver;

  constructor(
    private readonly config: VerificationConfig,
    private readonly clock: () => number = Date.now,
  ) {
    this.observer = config.observer ?? SILENT_VERIFICATION_OBSERVER;
    const plan = config.routes ?? singleRoute(config);
    const context: RouteContext = {
      adaptive: {
        concurrencyFloor: config.perMxConcurrencyFloor,
        connectsPerSecondCeiling: config.connectsPerSecondPerMxCeiling,
        errorBudget: config.sessionErrorBudget,
        learnedMemoryMs: LEARNED_MEMORY_MS,
      },
      timeouts: {
        connectTimeoutMs: config.connectTimeoutMs,
        bannerTimeoutMs: config.bannerTimeoutMs,
        commandTimeoutMs: config.commandTimeoutMs,
      },
      prober: {
        port: config.smtpPort,
        allowPrivateNetworks: config.allowPrivateNetworks,
        maxRcptsPerSession: config.maxRcptsPerSession ?? 20,
        backoffMs: config.greylistDelaysMs[0] ?? 60_000,
        reconnectBackoffMs: config.reconnectBackoffMs,
        tarpitFloorMs: config.tarpitFloorMs,
        failover: config.routes != null,
      },
      sessionReuse: config.sessionReuse,
      slots: config.mxSlots ?? new MxSlots(new MemorySlots()),
      clock,
      observer: this.observer,
    };
    this.routes = plan.routes.map((spec) => new ProbeRoute(spec, context));
    this.routeHealth = new RouteHealth(clock);
    const prober = new RoutedProber(
      this.routes,
      new RouteSelector(this.routes, plan),
      this.routeHealth,
      clock,
      this.observer,
      config.routes != null,
    );
    const dns = new DnsClient(config.dnsServers, config.dnsTimeoutMs ?? 3_000);
    this.resolver = new HostResolver(config.dnsServers?.length ? dns : null);
    this.ctx = {
      router: new MailRouter(dns, clock),
      prober,
      catchAll: new CatchAllCache(clock),
      disposableAllowList: config.disposableAllowList ?? [],
      sessionReuse: config.sessionReuse,
      clock,
      observer: this.observer,
    };
  }

  /** Each egress route's state per provider, port 25 through it and its caps used (/ready, the admin view). */
  egressReport(): EgressRouteReport[] {
    return egressReport(this.routes, this.routeHealth);
  }

  /** What the port-25 preflight last found on the first route (the only one without SMTP_ROUTES). */
  get egress(): SmtpEgress {
    return this.routes[0].egress;
  }

  async verify(
    email: string,
    options: { mode?: VerificationMode; signal?: AbortSignal } = {},
  ): Promise<VerificationVerdict> {
    const [verdict] = await this.verifyMany([email], options);
    return verdict;
  }

  /**
   * Same order as given; addresses are grouped per domain so one SMTP session serves many RCPTs. Once
   * `signal` aborts (a cancelled job) no further RCPT is sent: what was not probed yet is unknown.
   * `progress` hears each input index once, as soon as its RCPT is answered or it is decided without one.
   */
  async verifyMany(emails: string[], options: VerifyManyOptions = {}): Promise<VerificationVerdict[]> {
    const start = this.clock();
    const mode = options.mode ?? 'interactive';
    const verdicts = new Array<VerificationVerdict>(emails.length);
    const progress = progressOnce(options.progress);
    const byDomain = new Map<string, Entry[]>();
    emails.forEach((raw, index) => {
      const email = raw.trim();
      const didYouMean = suggestCorrection(email);
      const syntax = checkSyntax(email);
      if (!syntax.ok) {
        verdicts[index] = earlyVerdict(email, 'invalid', 'invalid_syntax', didYouMean, this.clock() - start);
        progress([index]);
        return;
      }
      const facts: AddressFacts = {
        email,
        local: syntax.local,
        domain: syntax.domain,
        normalized: `${syntax.local}@${syntax.domain}`,
        canonical: canonicalEmail(email) ?? email.toLowerCase(),
        didYouMean,
      };
      const group = byDomain.get(syntax.domain) ?? [];
      group.push({ index, facts });
      byDomain.set(syntax.domain, group);
    });
    const call: CallState = { mode, start, signal: options.signal, progress, verdicts };
    await mapBounded([...byDomain], options.concurrency ?? DEFAULT_DOMAIN_CONCURRENCY, async ([domain, group]) => {
      // An address another interactive call is verifying right now is not probed again: it waits for that one.
      const joined = new Map<Entry, Promise<Flight | null>>();
      if (mode === 'interactive')
        for (const entry of group) {
          const flight = this.flights.joined(entry.facts.canonical);
          if (flight) joined.set(entry, flight);
        }
      const own = joined.size > 0 ? group.filter((entry) => !joined.has(entry)) : group;
      await Promise.all([
        own.length > 0 ? this.verifyDomain(domain, own, call) : undefined,
        ...[...joined].map(([entry, flight]) => this.afterFlight(entry, flight, call)),
      ]);
      progress(group.map((g) => g.index));
    });
    for (const verdict of verdicts) this.observer.verdict(verdict, mode);
    return verdicts;
  }

  /** Probes one domain's addresses of a call and builds their verdicts; interactive calls let others join each address meanwhile. */
  private async verifyDomain(domain: string, group: Entry[], call: CallState): Promise<void> {
    const { mode, start, verdicts } = call;
    const land = mode === 'interactive' ? this.flights.depart(group.map((g) => g.facts.canonical)) : null;
    const flights = new Map<string, Flight>();
    try {
      const deadline = mode === 'interactive' ? start + this.config.interactiveBudgetMs : Number.POSITIVE_INFINITY;
      // Input indexes per normalized address: a domain's group can hold a whole list, so no scan per answer.
      const indexesOf = new Map<string, number[]>();
      for (const { index, facts } of group) {
        const indexes = indexesOf.get(facts.normalized);
        if (indexes) indexes.push(index);
        else indexesOf.set(facts.normalized, [index]);
      }
      const unique = [...indexesOf.keys()];
      const control = {
        signal: call.signal,
        probed: (address: string) => call.progress(indexesOf.get(address) ?? []),
      };
      const findings = await gatherFindings(this.ctx, domain, unique, deadline, control, mode);
      const settled = await settleTemporaryFailures(
        this.ctx,
        domain,
        findings,
        mode,
        this.config.greylistDelaysMs,
        deadline,
        control,
      );
      const retryAfterMs = findings.status === 'dns_error' ? this.config.greylistDelaysMs[0] : settled;
      for (const { index, facts } of group) {
        verdicts[index] = buildVerdict(facts, findings, this.clock() - start, retryAfterMs);
        if (!flights.has(facts.canonical))
          flights.set(facts.canonical, { findings, retryAfterMs, probedAs: facts.normalized });
      }
    } catch {
      // A defect must not sink the other domains of a batch: report `error` for this one.
      for (const { index, facts } of group) verdicts[index] = this.internalError(facts, start);
    } finally {
      land?.((canonical) => flights.get(canonical) ?? null);
    }
  }

  /** The verdict of an address another call was verifying, from what that verification came to. */
  private async afterFlight(entry: Entry, flight: Promise<Flight | null>, call: CallState): Promise<void> {
    const { facts, index } = entry;
    const landed = await flight;
    call.verdicts[index] = landed
      ? buildVerdict(facts, landed.findings, this.clock() - call.start, landed.retryAfterMs, landed.probedAs)
      : this.internalError(facts, call.start);
  }

  private internalError(facts: AddressFacts, start: number): VerificationVerdict {
    return earlyVerdict(facts.email, 'error', 'internal_error', facts.didYouMean, this.clock() - start);
  }

  /** For the finder: candidate local parts on one domain, in order, sharing SMTP sessions; none after `signal` aborts. Finder jobs pass lane 'bulk'. */
  probeCandidates(domain: string, localParts: string[], options: CandidateOptions): Promise<CandidateProbeReport> {
    return probeCandidatesOn(this.ctx, domain, localParts, options);
  }

  /** Number of SMTP connections opened so far, on every route (tests and the benchmark use it). */
  get sessionsOpened(): number {
    return this.routes.reduce((sum, route) => sum + route.pool.opened, 0);
  }

  async close(): Promise<void> {
    await Promise.all(this.routes.map((route) => route.close()));
  }
}
