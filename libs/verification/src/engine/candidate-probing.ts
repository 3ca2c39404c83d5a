import { isFreeProvider } from '../lists/free-providers';
import { providerForHosts } from '../providers/provider-playbook';
import { checkSyntax, toAsciiDomain } from '../syntax/email-syntax';
import { CandidateProbe, CandidateProbeReport } from '../verification.types';
import { ProbeLane } from '../smtp/mx-pool';
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

/**
 * Probes candidates one by one so the finder can stop early. With session reuse each probe
 * takes the same parked session back (RSET between), so one connection serves the lot.
 * Once an address is accepted the catch-all probe runs; on a catch-all domain probing stops,
 * since every further candidate would be accepted too.
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
  const candidates = localParts
    .filter((local) => checkSyntax(`${local}@${domain}`).ok)
    .slice(0, Math.max(0, options.maxProbes));
  let last: DomainFindings | null = null;
  const probed: Array<{ local: string; findings: DomainFindings }> = [];
  for (const local of candidates) {
    if (ctx.clock() >= deadline || options.signal?.aborted) break;
    const findings = await gatherFindings(
      ctx,
      domain,
      [`${local}@${domain}`],
      deadline,
      { signal: options.signal },
      options.lane,
    );
    probed.push({ local, findings });
    last = findings;
    const accepted = findings.outcomes.get(`${local}@${domain}`)?.kind === 'accepted';
    if (accepted && (findings.catchAll === true || (options.stopAtFirstOk && findings.catchAll === false))) break;
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
