import type { VerificationResultName } from '../verification.types';

/** What a magic local part answers in test mode; flags not named are computed as the live engine does. */
export interface MagicAnswer {
  result: VerificationResultName;
  subResult: string;
  /** Set on the answers a later call may decide, as the live engine sets it. */
  retryAfterMs?: number;
  /** The answer comes after this many milliseconds (a slow mail server). */
  delayMs?: number;
  role?: boolean;
  disposable?: boolean;
  catchAll?: boolean;
  provider?: string;
  antiSpam?: boolean;
}

/** The live engine's first greylisting delay (VerificationConfig.greylistDelaysMs[0]): what it answers in retryAfterMs. */
export const MAGIC_RETRY_AFTER_MS = 60_000;
/** How long `slow@` takes. */
export const MAGIC_SLOW_MS = 3_000;

const ok: MagicAnswer = { result: 'ok', subResult: 'ok' };
const unknown = (subResult: string, retry = false): MagicAnswer => ({
  result: 'unknown',
  subResult,
  ...(retry ? { retryAfterMs: MAGIC_RETRY_AFTER_MS } : {}),
});
const invalid = (subResult: string): MagicAnswer => ({ result: 'invalid', subResult });

/**
 * The magic local parts of test mode (docs/test-mode.md holds the same table for readers), one row per
 * `subResult` the API answers (ANSWERABLE_SUB_RESULTS) plus aliases after Kickbox and ZeroBounce and the
 * special rows. Keys are lower case with hyphens; `_` in a local part reads as `-` and a `+tag` is ignored,
 * so `catch_all@` and `valid+42@` work too. Any domain: did-you-mean and the free flag come from the
 * domain as in live mode.
 */
export const MAGIC_ADDRESSES: Readonly<Record<string, MagicAnswer>> = {
  // ok
  valid: ok,
  ok,
  deliverable: ok,
  role: { ...ok, role: true },
  slow: { ...ok, delayMs: MAGIC_SLOW_MS },
  // catch_all
  'catch-all': { result: 'catch_all', subResult: 'catch_all', catchAll: true },
  'accept-all': { result: 'catch_all', subResult: 'catch_all', catchAll: true },
  // invalid
  invalid: invalid('no_mailbox'),
  undeliverable: invalid('no_mailbox'),
  'no-mailbox': invalid('no_mailbox'),
  'mailbox-disabled': invalid('mailbox_disabled'),
  'domain-not-found': invalid('domain_not_found'),
  'null-mx': invalid('null_mx'),
  'mx-host-not-found': invalid('mx_host_not_found'),
  'no-mx': invalid('no_mx'),
  'reserved-domain': invalid('reserved_domain'),
  'invalid-syntax': invalid('invalid_syntax'),
  // disposable
  disposable: { result: 'disposable', subResult: 'disposable', disposable: true },
  // error
  error: { result: 'error', subResult: 'internal_error' },
  // unknown, each with retryAfterMs where the live engine gives one
  unknown: unknown('cannot_verify'),
  'cannot-verify': unknown('cannot_verify'),
  'dns-error': unknown('dns_error', true),
  'mailbox-full': unknown('mailbox_full'),
  greylisted: unknown('greylisted', true),
  'rate-limited': unknown('rate_limited', true),
  'ip-blocked': unknown('ip_blocked'),
  'rdns-required': unknown('rdns_required'),
  'policy-rejection': unknown('policy_rejection'),
  'relay-denied': unknown('relay_denied'),
  'temporary-failure': unknown('temporary_failure', true),
  'smtp-rejected': unknown('smtp_rejected'),
  'connection-refused': unknown('connection_refused', true),
  timeout: unknown('timeout', true),
  'connection-error': unknown('connection_error', true),
  'tls-failed': unknown('tls_failed', true),
  'private-mx-refused': unknown('private_mx_refused'),
  'mx-unresolvable': unknown('mx_unresolvable'),
  'smtputf8-unsupported': unknown('smtputf8_unsupported'),
  'port-25-blocked': unknown('port_25_blocked', true),
  'no-route': unknown('no_route', true),
  'accept-all-provider': { ...unknown('accept_all_provider', true), provider: 'yahoo' },
  'catch-all-inconclusive': unknown('catch_all_inconclusive', true),
  'anti-spam': { ...unknown('cannot_verify'), antiSpam: true, provider: 'proofpoint' },
};

/** What an address outside the table answers: test mode cannot know, so it says so, and charges nothing. */
export const OUTSIDE_THE_TABLE: MagicAnswer = unknown('cannot_verify');

/** The table's key for a local part: lower case, `_` as `-`, without a `+tag`. */
export function magicName(localPart: string): string {
  const plus = localPart.indexOf('+');
  return (plus > 0 ? localPart.slice(0, plus) : localPart).toLowerCase().replace(/_/g, '-');
}
