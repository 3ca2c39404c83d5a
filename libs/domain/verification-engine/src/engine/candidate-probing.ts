import { isFreeProvider } from '../lists/free-providers';
import { providerForHosts } from '../providers/provider-playbook';
import { checkSyntax, toAsciiDomain } from '../syntax/email-syntax';
import { CandidateProbe, CandidateProbeReport } from '../verification.types';
import { ProbeLane } from '../smtp/mx-pool';
import { MAILBOX_REJECTIONS, RcptClass } from '../smtp/rcpt-class';
import {
  DomainFindings,
  FindingsContext,
  gatherFindings,
  isDisposableRoute,
  routeUnlessReserved,
} from './domain-findings';
import { probeResult } from './result-mapping';

export interface CandidateOptions {
  stopAtFirstOk: boolean;
  maxProbes: number;
  deadlineMs: number;
  signal?: AbortSignal;
  lane?: ProbeLane;
}

/** deadlineMs is a budget from now; a value that looks like an epoch timestamp (> 10^12) is taken as absolute. */
export function deadlineFrom(deadlineMs: number, now: number): number {
  return deadlineMs > 1e12 ? deadlineMs : now + deadlineMs;
}

// Sessions' worth of error budget one finder call may spend on a domain. Each session stays below the
// server's error limits (the prober retires it at the MX's budget: 8 by default, under Postfix's
// smtpd_soft_error_limit of 10, or what the MX taught); the second starts with fresh counters, which is
// what takes a lookup past the first eight candidates to the rare formats (f.last, first-last).
export const CANDIDATE_SESSIONS = 2;

// Candidates asked one at a time before the rest go in pairs: the first three are the likeliest
// (the domain's learned format, or first.last, flast and first: about 88 % of domains by the prior).
const SINGLE_CANDIDATES = 3;

/**
 * Candidates asked together, pipelined in one transaction where the server offers PIPELINING: the
 * first SINGLE_CANDIDATES alone, since most lookups end there in one RCPT, then the rare formats two at
 * a time, which halves their round trips (a 16-deep lookup: 10 instead of 16) for at most one RCPT
 * past the right one. The pattern table of `npm run bench:finder` shows the cost (docs/finder.md).
 */
export function candidateWaves<T>(candidates: readonly T[]): T[][] {
  const waves: T[][] = [];
  for (let at = 0; at < candidates.length;) {
    const size = at < SINGLE_CANDIDATES ? 1 : 2;
    waves.push(candidates.slice(at, at + size));
    at += size;
  }
  return waves;
}

/**
 * Probes candidates wave after wave (candidateWaves) so the finder can stop early, at most
 * maxProbes of them and never more than CANDIDATE_SESSIONS times the MX's session error budget. With
 * session reuse each wave takes the same parked session back (RSET between), and the prober opens a
 * fresh one when the budget is spent. Once an address is accepted the catch-all probe runs; on a
 * catch-all domain probing stops, since every further candidate would be accepted too. When none of
 * the first SINGLE_CANDIDATES got a decisive answer, probing stops there.
 */
export async function probeCandidatesOn(
  ctx: FindingsContext,
  rawDomain: string,
  localParts: string[],
  options: CandidateOptions,
): Promise<CandidateProbeReport> {
  const domain = toAsciiDomain(rawDomain) ?? rawDomain.toLowerCase();
  const deadline = deadlineFrom(options.deadlineMs, ctx.clock());
  const report: CandidateProbeReport = {
    domain,
    mailAccepting: false,
    catchAll: null,
    provider: '',
    antiSpam: false,
    free: isFreeProvider(domain),
    disposable: false,
    probes: [],
  };
  const route = await routeUnlessReserved(ctx, domain);
  report.disposable = isDisposableRoute(ctx, domain, route);
  if (route.kind !== 'hosts') return { ...report, reason: route.kind };
  const profile = route.viaAddressFallback
    ? { provider: '', antiSpam: false, acceptsAllAtRcpt: false }
    : providerForHosts(route.hosts.map((h) => h.name));
  Object.assign(report, { mailAccepting: true, provider: profile.provider, antiSpam: profile.antiSpam });
  if (report.disposable) return { ...report, reason: 'disposable' };
  const budget = CANDIDATE_SESSIONS * ctx.prober.sessionErrorBudget(route.hosts);
  const candidates = localParts
    .filter((local) => checkSyntax(`${local}@${domain}`).ok)
    .slice(0, Math.max(0, Math.min(options.maxProbes, budget)));
  let last: DomainFindings | null = null;
  let decided = false;
  const probed: Array<{ local: string; findings: DomainFindings }> = [];
  for (const wave of candidateWaves(candidates)) {
    if (ctx.clock() >= deadline || options.signal?.aborted) break;
    const addresses = wave.map((local) => `${local}@${domain}`);
    const findings = await gatherFindings(ctx, domain, addresses, deadline, { signal: options.signal }, options.lane);
    probed.push(...wave.map((local) => ({ local, findings })));
    last = findings;
    const kinds = addresses.map((address) => findings.outcomes.get(address)?.kind);
    const accepted = kinds.includes('accepted');
    if (accepted && (findings.catchAll === true || (options.stopAtFirstOk && findings.catchAll === false))) break;
    // A server that decided none of the likeliest candidates (greylisting every new recipient, blocking
    // us, timing out) will not decide the rare ones either: they would only add to its error count.
    decided ||= kinds.some((kind) => kind === 'accepted' || MAILBOX_REJECTIONS.has(kind as RcptClass));
    if (!decided && probed.length >= SINGLE_CANDIDATES) break;
  }
  report.catchAll = last?.catchAll ?? ctx.catchAll.get(domain) ?? null;
  report.probes = probed.map(({ local, findings }): CandidateProbe => {
    const email = `${local}@${domain}`;
    const outcome = findings.outcomes.get(email) ?? { kind: 'deadline_exceeded' as const };
    const mapped = probeResult(outcome, report.catchAll, profile.acceptsAllAtRcpt);
    return { localPart: local, email, result: mapped.result, subResult: mapped.subResult };
  });
  const refused = report.probes.length > 0 && report.probes.every((p) => p.subResult === 'private_mx_refused');
  return refused ? { ...report, reason: 'private_mx_refused' } : report;
}
