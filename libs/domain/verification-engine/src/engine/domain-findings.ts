import { randomBytes } from 'node:crypto';
import { MailRoute, MailRouter } from '../dns/mail-routing';
import { isAllowListed, isDisposableDomain } from '../lists/disposable-domains';
import { isDisposableMailRoute } from '../lists/disposable-mail-hosts';
import { reservedName } from '../lists/reserved-domains';
import { ProviderProfile, providerForHosts } from '../providers/provider-playbook';
import { MAILBOX_REJECTIONS, RcptClass } from '../smtp/rcpt-class';
import { VerificationObserver } from '../verification-observer';
import { CatchAllCache } from './catch-all-cache';
import { ProbeLane } from '../smtp/mx-pool';
import type { MailHost } from '../dns/mail-routing';
import type { RoutedProber } from '../egress/routed-prober';
import { ProbeControl, ProbeKind, ProbeOutcome } from './probe-outcome';

export type DomainStatus =
  | 'probed'
  | 'null_mx'
  | 'domain_not_found'
  | 'mx_host_not_found'
  | 'no_mx'
  | 'dns_error'
  | 'disposable'
  | 'reserved_domain';

export interface DomainFindings {
  status: DomainStatus;
  detail?: string;
  /** The domain is a throwaway one (listed, or served by a throwaway provider's MX), whatever DNS decided. */
  disposable: boolean;
  profile: ProviderProfile;
  /** null when inconclusive or not needed (nothing was accepted). */
  catchAll: boolean | null;
  /** What the random-address probe answered when it left the catch-all test open (greylisted, rate_limited, ...). */
  catchAllProbe?: ProbeKind;
  /** When that probe may be asked again (the end of an MX back-off it met or began): no verdict suggests earlier. */
  catchAllRetryAfterMs?: number;
  outcomes: Map<string, ProbeOutcome>;
}

export interface FindingsContext {
  router: MailRouter;
  prober: RoutedProber;
  catchAll: CatchAllCache;
  disposableAllowList: string[];
  /** Many RCPTs per session; without, each address is probed in a session of its own. */
  sessionReuse: boolean;
  clock: () => number;
  observer: VerificationObserver;
}

const NO_PROFILE: ProviderProfile = { provider: '', antiSpam: false, acceptsAllAtRcpt: false };

/**
 * Reserved names (RFC 2606/6761), DNS, disposable check, then RCPT probes for every address and the
 * catch-all probe when something was accepted.
 */
export async function gatherFindings(
  ctx: FindingsContext,
  domain: string,
  addresses: string[],
  deadline: number,
  control: ProbeControl = {},
  lane: ProbeLane = 'interactive',
): Promise<DomainFindings> {
  const route = await routeUnlessReserved(ctx, domain);
  const disposable = isDisposableRoute(ctx, domain, route);
  if (route.kind !== 'hosts')
    return {
      status: route.kind,
      detail: route.kind === 'dns_error' ? route.detail : undefined,
      disposable,
      profile: NO_PROFILE,
      catchAll: null,
      outcomes: new Map(),
    };
  const profile = route.viaAddressFallback ? NO_PROFILE : providerForHosts(route.hosts.map((h) => h.name));
  if (disposable) return { status: 'disposable', disposable, profile, catchAll: null, outcomes: new Map() };
  const outcomes = await probeChunks(ctx, domain, route.hosts, addresses, deadline, control, lane);
  const catchAll = await catchAllStatus(ctx, domain, route.hosts, outcomes, deadline, control, lane);
  return { status: 'probed', disposable, profile, ...catchAll, outcomes };
}

/**
 * A throwaway domain: the domain or a parent down to its registrable domain is listed (so x.mailinator.com,
 * never co.uk), or every MX host with an address is a throwaway provider's (a private domain of such a
 * service). Decided from names alone when DNS found no mail route, so a dead subdomain of a listed
 * provider is still flagged; the allow-list overrides both.
 */
export function isDisposableRoute(
  ctx: Pick<FindingsContext, 'disposableAllowList'>,
  domain: string,
  route: MailRoute | { kind: 'reserved_domain' },
): boolean {
  if (isDisposableDomain(domain, ctx.disposableAllowList)) return true;
  if (route.kind !== 'hosts' || route.viaAddressFallback) return false;
  return !isAllowListed(domain, ctx.disposableAllowList) && isDisposableMailRoute(route.hosts, ctx.disposableAllowList);
}

/**
 * The domain's mail route, or reserved_domain: at once for names that never take mail, and for
 * test and private-use names the configured DNS does not know (NXDOMAIN).
 */
export async function routeUnlessReserved(
  ctx: Pick<FindingsContext, 'router'>,
  domain: string,
): Promise<MailRoute | { kind: 'reserved_domain' }> {
  const reserved = reservedName(domain);
  if (reserved?.reach === 'never') return { kind: 'reserved_domain' };
  const route = await ctx.router.route(domain);
  // A null MX or an empty zone is the configured DNS speaking for the name: those answers stand.
  return reserved && route.kind === 'domain_not_found' ? { kind: 'reserved_domain' } : route;
}

/** Re-probes some addresses of an already routed domain (greylist retries); keeps the catch-all verdict. */
export async function reprobe(
  ctx: FindingsContext,
  domain: string,
  addresses: string[],
  deadline: number,
  findings: DomainFindings,
  control: ProbeControl = {},
  lane: ProbeLane = 'interactive',
): Promise<void> {
  const route = await ctx.router.route(domain);
  if (route.kind !== 'hosts') return;
  const fresh = await probeChunks(ctx, domain, route.hosts, addresses, deadline, control, lane);
  for (const [address, outcome] of fresh) findings.outcomes.set(address, outcome);
  if (findings.catchAll === null) {
    const { catchAll, catchAllProbe, catchAllRetryAfterMs } = await catchAllStatus(
      ctx,
      domain,
      route.hosts,
      findings.outcomes,
      deadline,
      control,
      lane,
    );
    Object.assign(findings, { catchAll, catchAllProbe, catchAllRetryAfterMs });
  }
}

async function probeChunks(
  ctx: FindingsContext,
  domain: string,
  hosts: MailHost[],
  addresses: string[],
  deadline: number,
  control: ProbeControl,
  lane: ProbeLane,
) {
  const chunks = ctx.sessionReuse ? [addresses] : addresses.map((address) => [address]);
  const results = await Promise.all(
    chunks.map((chunk) => ctx.prober.probe(hosts, chunk, deadline, control, lane, domain)),
  );
  return new Map(results.flatMap((m) => [...m]));
}

type CatchAllStatus = Pick<DomainFindings, 'catchAll' | 'catchAllProbe' | 'catchAllRetryAfterMs'>;

async function catchAllStatus(
  ctx: FindingsContext,
  domain: string,
  hosts: MailHost[],
  outcomes: Map<string, ProbeOutcome>,
  deadline: number,
  control: ProbeControl,
  lane: ProbeLane,
): Promise<CatchAllStatus> {
  const kinds = [...outcomes.values()].map((o) => o.kind);
  if (kinds.some((k) => MAILBOX_REJECTIONS.has(k as RcptClass))) ctx.catchAll.set(domain, false);
  const cached = ctx.catchAll.get(domain);
  if (cached !== undefined) return { catchAll: cached };
  if (!kinds.includes('accepted') || control.signal?.aborted) return { catchAll: null };
  // Probed after the real addresses were answered, so the random address cannot hide the real answer
  // (the flaw of probing it first): on a session RSET since, or for an interactive call possibly later in a
  // transaction shared with other calls (MxRiders), never before its own call's addresses.
  const random = `${randomBytes(9).toString('hex')}-nx@${domain}`;
  const probe = (await ctx.prober.probe(hosts, [random], deadline, control, lane, domain)).get(random);
  if (probe?.kind === 'accepted') ctx.catchAll.set(domain, true);
  else if (probe && MAILBOX_REJECTIONS.has(probe.kind as RcptClass)) ctx.catchAll.set(domain, false);
  const catchAll = ctx.catchAll.get(domain) ?? null;
  if (catchAll !== null) return { catchAll };
  return { catchAll, catchAllProbe: probe?.kind, catchAllRetryAfterMs: probe?.retryAfterMs };
}
