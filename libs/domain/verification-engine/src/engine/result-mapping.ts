import { VerificationResultName } from '../verification.types';
import { DomainFindings } from './domain-findings';
import { ProbeKind, ProbeOutcome, TRANSIENT_KINDS } from './probe-outcome';

export interface MappedResult {
  result: VerificationResultName;
  subResult: string;
}

const SUB_RESULT: Partial<Record<ProbeKind, string>> = {
  cannot_verify: 'cannot_verify',
  mailbox_full: 'mailbox_full',
  greylisted: 'greylisted',
  rate_limited: 'rate_limited',
  too_many_recipients: 'rate_limited',
  ip_blocked: 'ip_blocked',
  rdns_required: 'rdns_required',
  policy_rejection: 'policy_rejection',
  relay_denied: 'relay_denied',
  temporary_failure: 'temporary_failure',
  rejected_unclassified: 'smtp_rejected',
  connect_refused: 'connection_refused',
  connect_timeout: 'timeout',
  banner_timeout: 'timeout',
  command_timeout: 'timeout',
  deadline_exceeded: 'timeout',
  connection_closed: 'connection_error',
  network_error: 'connection_error',
  tls_failed: 'tls_failed',
  private_mx_refused: 'private_mx_refused',
  no_mx_address: 'mx_unresolvable',
  smtputf8_unsupported: 'smtputf8_unsupported',
  port_25_blocked: 'port_25_blocked',
  no_route: 'no_route',
  proxy_unreachable: 'no_route',
  proxy_auth_failed: 'no_route',
  proxy_refused: 'no_route',
  proxy_timeout: 'no_route',
};

/**
 * Every subResult a verdict can carry, by result: what the mappings below and the engine's early verdicts
 * (invalid_syntax, internal_error) write. Test mode's magic table answers each (its spec checks this list).
 */
export const ANSWERABLE_SUB_RESULTS: Readonly<Record<VerificationResultName, readonly string[]>> = {
  ok: ['ok'],
  catch_all: ['catch_all'],
  invalid: [
    'no_mailbox',
    'mailbox_disabled',
    'domain_not_found',
    'null_mx',
    'mx_host_not_found',
    'no_mx',
    'reserved_domain',
    'invalid_syntax',
  ],
  disposable: ['disposable'],
  error: ['internal_error'],
  unknown: [...new Set(['dns_error', 'accept_all_provider', 'catch_all_inconclusive', ...Object.values(SUB_RESULT)])],
};

/** Domain-level outcomes that end the pipeline before SMTP. */
export function domainResult(findings: DomainFindings): MappedResult | null {
  switch (findings.status) {
    case 'domain_not_found':
      return { result: 'invalid', subResult: 'domain_not_found' };
    case 'null_mx':
      return { result: 'invalid', subResult: 'null_mx' };
    // No MX host name exists: no server can ever take the mail, as with a null MX.
    case 'mx_host_not_found':
      return { result: 'invalid', subResult: 'mx_host_not_found' };
    case 'no_mx':
      return { result: 'invalid', subResult: 'no_mx' };
    case 'dns_error':
      return { result: 'unknown', subResult: 'dns_error' };
    case 'disposable':
      return { result: 'disposable', subResult: 'disposable' };
    // Reserved names can never receive mail: as decided as a domain that does not exist (libs/domain/verification-engine/README.md).
    case 'reserved_domain':
      return { result: 'invalid', subResult: 'reserved_domain' };
    default:
      return null;
  }
}

/**
 * RCPT outcome to result. `ok` needs a 250 for the address AND a rejected random address on
 * the same domain; a 250 with an accepting or unanswered random probe is never `ok`.
 * `catchAllProbe` is the random probe's answer when it left the test open.
 */
export function probeResult(
  outcome: ProbeOutcome,
  catchAll: boolean | null,
  acceptsAllProvider: boolean,
  catchAllProbe?: ProbeKind,
): MappedResult {
  if (outcome.kind === 'accepted') {
    if (catchAll === true) return { result: 'catch_all', subResult: 'catch_all' };
    if (catchAll === false) return { result: 'ok', subResult: 'ok' };
    // The label names what kept the test open: greylisting or a rate limit on the random address, when that was it.
    if (catchAllProbe && TRANSIENT_KINDS.has(catchAllProbe))
      return { result: 'unknown', subResult: SUB_RESULT[catchAllProbe] ?? catchAllProbe };
    return { result: 'unknown', subResult: acceptsAllProvider ? 'accept_all_provider' : 'catch_all_inconclusive' };
  }
  if (outcome.kind === 'no_mailbox') return { result: 'invalid', subResult: 'no_mailbox' };
  if (outcome.kind === 'mailbox_disabled') return { result: 'invalid', subResult: 'mailbox_disabled' };
  return { result: 'unknown', subResult: SUB_RESULT[outcome.kind] ?? outcome.kind };
}
