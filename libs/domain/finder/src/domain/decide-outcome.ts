import type { Candidate } from './candidates/generate-candidates';
import { findConfidence, type FinderVerdict } from './confidence';
import type { CandidateProbe, CandidateProbeReport } from '../finder.ports';
import { notFound, type FinderReason, type FinderResult, type OutcomeWithoutTiming } from './finder-outcome';
import type { DomainFormat } from './patterns/domain-format';

export interface OutcomeEvidence {
  domain: string;
  /** Ranked as probed. */
  candidates: readonly Candidate[];
  formats: readonly DomainFormat[];
  /** A domain format at least this strong may be returned unverified (see inferDomainFormats). */
  minFormatStrength: number;
}

const RESULT_BY_VERDICT: Record<FinderVerdict, FinderResult> = { ok: 'Ok', catch_all: 'Catch-all', unknown: 'Unknown' };
const REASON_BY_VERDICT: Record<FinderVerdict, FinderReason> = {
  ok: 'found',
  catch_all: 'catch_all',
  unknown: 'known_format_unverified',
};

/** The engine's reason for "no mail accepted" in the finder's terms; a DNS failure proves nothing. */
function reasonForNoMail(reason: string | undefined): FinderReason {
  switch (reason) {
    case 'domain_not_found':
      return 'invalid_domain';
    case 'reserved_domain':
      return 'reserved_domain';
    case 'disposable':
      return 'disposable_domain';
    case 'dns_error':
      return 'unverifiable';
    default:
      return 'no_mail_server';
  }
}

function found(
  verdict: FinderVerdict,
  candidate: Candidate,
  probe: CandidateProbe | undefined,
  report: CandidateProbeReport,
  domain: string,
): OutcomeWithoutTiming {
  return {
    email: probe?.email ?? `${candidate.localPart}@${domain}`,
    status: 'Found',
    quality: verdict === 'ok' ? 'Good' : 'Risky',
    result: RESULT_BY_VERDICT[verdict],
    reason: REASON_BY_VERDICT[verdict],
    confidence: findConfidence(verdict, candidate.prior),
    provider: report.provider ?? '',
    probesUsed: report.probes.length,
    pattern: candidate.pattern,
  };
}

/**
 * Turns the engine's report into the finder's answer. In order: free, disposable and mail-less
 * domains are misses with their reason; an `ok` on a domain not known to be catch-all is Found;
 * a catch-all domain returns the likeliest candidate it did not reject; when the server would not
 * say (unknown, error, or the budget ran out before any answer), the domain's known format is
 * returned as Unknown if the evidence is strong enough, otherwise the miss is reported as
 * unverifiable; when every probed candidate was rejected, not_found.
 */
export function decideOutcome(report: CandidateProbeReport, evidence: OutcomeEvidence): OutcomeWithoutTiming {
  const details = { provider: report.provider ?? '', probesUsed: report.probes.length };
  if (report.free) return notFound('unsupported_free_domain', details);
  if (report.disposable || report.probes.some((p) => p.result === 'disposable'))
    return notFound('disposable_domain', details);
  if (!report.mailAccepting) return notFound(reasonForNoMail(report.reason), details);

  const probeOf = new Map(report.probes.map((probe) => [probe.localPart, probe]));
  const notRejected = (c: Candidate) => probeOf.get(c.localPart)?.result !== 'invalid';

  // On a catch-all domain an "ok" only means the server accepts everything.
  const accepted =
    report.catchAll === true ? undefined : evidence.candidates.find((c) => probeOf.get(c.localPart)?.result === 'ok');
  if (accepted) return found('ok', accepted, probeOf.get(accepted.localPart), report, evidence.domain);

  if (report.catchAll === true || report.probes.some((p) => p.result === 'catch_all')) {
    const likeliest = evidence.candidates.find(notRejected);
    return likeliest
      ? found('catch_all', likeliest, probeOf.get(likeliest.localPart), report, evidence.domain)
      : notFound('not_found', details);
  }

  const undecided =
    report.probes.length === 0 || report.probes.some((p) => p.result === 'unknown' || p.result === 'error');
  if (!undecided) return notFound('not_found', details);

  const trusted = new Set(
    evidence.formats.filter((f) => f.strength >= evidence.minFormatStrength).map((f) => f.pattern),
  );
  const byKnownFormat = evidence.candidates.find((c) => trusted.has(c.pattern) && notRejected(c));
  return byKnownFormat
    ? found('unknown', byKnownFormat, probeOf.get(byKnownFormat.localPart), report, evidence.domain)
    : notFound('unverifiable', details);
}
