import type { PatternName } from './candidates/email-patterns';

export type FinderStatus = 'Found' | 'Not Found';
/** Capitalised, unlike verification quality, as the spec has it. */
export type FinderQuality = 'Good' | 'Risky' | 'Bad';
export type FinderResult = 'Ok' | 'Catch-all' | 'Unknown';

/**
 * Why the finder answered as it did. With an address: found (server confirmed it), catch_all
 * (domain accepts anything), known_format_unverified (server would not say; the domain's known
 * format picked it). Without: not_found (every probed candidate was rejected),
 * unsupported_free_domain, disposable_domain, no_mail_server, invalid_domain (does not exist),
 * reserved_domain (RFC 2606/6761 names such as example.com, which take no mail),
 * unverifiable (server or DNS would not say and the format is unknown), untransliterable_name.
 */
export type FinderReason =
  | 'found'
  | 'catch_all'
  | 'known_format_unverified'
  | 'not_found'
  | 'unsupported_free_domain'
  | 'disposable_domain'
  | 'no_mail_server'
  | 'invalid_domain'
  | 'reserved_domain'
  | 'unverifiable'
  | 'untransliterable_name';

/** The spec's finder result fields (credits are the caller's business) plus what the finder spent. */
export interface FinderOutcome {
  email: string | null;
  status: FinderStatus;
  /** null when no address is returned and nothing is known against the domain itself. */
  quality: FinderQuality | null;
  /** null when no address is returned, except 'Unknown' when the server or DNS would not answer. */
  result: FinderResult | null;
  reason: FinderReason;
  /** 0..100, see confidence.ts; 0 when nothing is returned. */
  confidence: number;
  /** The domain's mailbox provider; empty when not detected or not probed. */
  provider: string;
  probesUsed: number;
  /** The pattern of the returned address; null when nothing is returned. */
  pattern: PatternName | null;
  executionMs: number;
}

export type OutcomeWithoutTiming = Omit<FinderOutcome, 'executionMs'>;

// A domain that is disposable, has no mail server or does not exist is itself a bad destination.
const BAD_DOMAIN_REASONS: ReadonlySet<FinderReason> = new Set([
  'disposable_domain',
  'no_mail_server',
  'invalid_domain',
  'reserved_domain',
]);

/** A miss: no address, no charge. */
export function notFound(
  reason: FinderReason,
  details: { provider?: string; probesUsed?: number } = {},
): OutcomeWithoutTiming {
  return {
    email: null,
    status: 'Not Found',
    quality: BAD_DOMAIN_REASONS.has(reason) ? 'Bad' : null,
    result: reason === 'unverifiable' ? 'Unknown' : null,
    reason,
    confidence: 0,
    provider: details.provider ?? '',
    probesUsed: details.probesUsed ?? 0,
    pattern: null,
  };
}
