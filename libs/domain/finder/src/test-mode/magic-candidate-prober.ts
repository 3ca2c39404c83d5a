import { abortablePause, type Pause } from '@lib/common';
import { magicError } from '@lib/verification-engine';
import { CandidateProber, type CandidateProbeReport, type ProbeOptions } from '../finder.ports';
import {
  MAGIC_DOMAINS,
  MAGIC_FINDER_SLOW_MS,
  magicDomainName,
  OUTSIDE_THE_DOMAIN_TABLE,
  type MagicDomain,
} from './magic-domains';

/** The report of a magic domain: no DNS, no SMTP. */
export function magicReport(domain: string, localParts: string[], row: MagicDomain): CandidateProbeReport {
  const base = { domain, provider: '', antiSpam: false, free: false, disposable: false };
  if (row.kind === 'disposable')
    return { ...base, mailAccepting: false, reason: 'disposable', catchAll: null, disposable: true, probes: [] };
  if (row.kind === 'no_mail') return { ...base, mailAccepting: false, reason: row.reason, catchAll: null, probes: [] };
  // An ok or a catch-all ends the lookup at the first candidate, as the engine's stopAtFirstOk does.
  const asked = row.answer === 'ok' || row.answer === 'catch_all' ? localParts.slice(0, 1) : localParts;
  const probes = asked.map((localPart) => ({
    localPart,
    email: `${localPart}@${domain}`,
    result: row.answer,
    subResult: row.answer === 'unknown' ? 'cannot_verify' : row.answer === 'invalid' ? 'no_mailbox' : row.answer,
  }));
  return { ...base, mailAccepting: true, catchAll: row.answer === 'catch_all' ? true : null, probes };
}

/**
 * The candidate prober of test accounts: answers from the magic domain table. Interactive lookups on an
 * error name (`insufficient-credits.`, `too-many-requests.`, `service-unavailable.` …) answer that error;
 * finder jobs (lane 'bulk') read them as a domain outside the table.
 */
export class MagicCandidateProber extends CandidateProber {
  constructor(private readonly pause: Pause = abortablePause) {
    super();
  }

  async probeCandidates(domain: string, localParts: string[], options: ProbeOptions): Promise<CandidateProbeReport> {
    const name = magicDomainName(domain);
    const error = options.lane === 'bulk' ? null : magicError(name);
    if (error) throw error;
    if (name === 'slow') await this.pause(MAGIC_FINDER_SLOW_MS, options.signal);
    const row = Object.hasOwn(MAGIC_DOMAINS, name) ? MAGIC_DOMAINS[name] : OUTSIDE_THE_DOMAIN_TABLE;
    return magicReport(domain, localParts.slice(0, options.maxProbes), row);
  }
}
