import { isFreeProvider } from '../lists/free-providers';
import { isRoleLocalPart } from '../lists/role-local-parts';
import { qualityFor, riskScore } from '../scoring/risk-score';
import { RESULT_CODES, VerificationVerdict } from '../verification.types';
import { DomainFindings } from './domain-findings';
import { ProbeOutcome, RETRY_LATER_KINDS } from './probe-outcome';
import { domainResult, probeResult } from './result-mapping';

export interface AddressFacts {
  email: string;
  normalized: string;
  canonical: string;
  local: string;
  domain: string;
  didYouMean: string | null;
}

/**
 * Steps 5-10 for one address: list flags, the mapped result, risk score and quality. `probedAs`: the
 * address whose probe answers for this one (another of the same canonical form, when a call joined a
 * verification under way: AddressFlights).
 */
export function buildVerdict(
  facts: AddressFacts,
  findings: DomainFindings,
  executionMs: number,
  retryAfterMs?: number,
  probedAs = facts.normalized,
): VerificationVerdict {
  const outcome: ProbeOutcome = findings.outcomes.get(probedAs) ?? { kind: 'deadline_exceeded' };
  const mapped =
    domainResult(findings) ??
    probeResult(outcome, findings.catchAll, findings.profile.acceptsAllAtRcpt, findings.catchAllProbe);
  const role = isRoleLocalPart(facts.local);
  const score = riskScore({
    result: mapped.result,
    role,
    didYouMean: facts.didYouMean !== null,
    antiSpam: findings.profile.antiSpam,
    acceptsAllProvider: findings.profile.acceptsAllAtRcpt,
  });
  const verdict: VerificationVerdict = {
    email: facts.email,
    normalized: facts.normalized,
    canonical: facts.canonical,
    domain: facts.domain,
    result: mapped.result,
    resultCode: RESULT_CODES[mapped.result],
    subResult: mapped.subResult,
    quality: qualityFor(mapped.result, score),
    free: isFreeProvider(facts.domain),
    role,
    disposable: findings.disposable,
    catchAll: findings.catchAll === true,
    didYouMean: facts.didYouMean,
    provider: findings.profile.provider,
    antiSpam: findings.profile.antiSpam,
    riskScore: score,
    executionMs,
  };
  const retryable =
    findings.status === 'dns_error' || (findings.status === 'probed' && RETRY_LATER_KINDS.has(outcome.kind));
  if (mapped.result === 'unknown' && retryable && retryAfterMs !== undefined) verdict.retryAfterMs = retryAfterMs;
  if (outcome.reply || outcome.mxHost || outcome.route) {
    verdict.smtp = {
      code: outcome.reply?.code,
      enhanced: outcome.reply?.enhanced,
      message: outcome.reply?.text,
      mxHost: outcome.mxHost,
      mxAddress: outcome.mxAddress,
      route: outcome.route,
    };
  }
  return verdict;
}

/** Verdict for an address that failed syntax (step 1) or hit an internal error. */
export function earlyVerdict(
  email: string,
  result: 'invalid' | 'error',
  subResult: string,
  didYouMean: string | null,
  executionMs: number,
): VerificationVerdict {
  const score = riskScore({
    result,
    role: false,
    didYouMean: didYouMean !== null,
    antiSpam: false,
    acceptsAllProvider: false,
  });
  const at = email.lastIndexOf('@');
  const domain = at >= 0 ? email.slice(at + 1).toLowerCase() : '';
  return {
    email,
    normalized: email,
    canonical: email.toLowerCase(),
    domain,
    result,
    resultCode: RESULT_CODES[result],
    subResult,
    quality: qualityFor(result, score),
    free: false,
    role: false,
    disposable: false,
    catchAll: false,
    didYouMean,
    provider: '',
    antiSpam: false,
    riskScore: score,
    executionMs,
  };
}
