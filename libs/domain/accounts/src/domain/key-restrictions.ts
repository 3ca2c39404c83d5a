import { DomainError } from '@lib/common';
import { parseAddressBlock } from '@lib/net';
import type { ApiKeyKind } from './key-kind';
import { requireOrigins } from './key-origins';

/**
 * What a key may do: each /v1 route declares the one scope it needs (`@RequiresScope` in libs/app/api).
 * `credits:read` reads balance, transactions and orders; `keys` manages keys (no /v1 route today).
 */
export const KEY_SCOPES = ['verify', 'jobs', 'finder', 'webhooks', 'credits:read', 'keys'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

/**
 * A key's limits. null (or a field absent from an event written before keys had limits) means none: every
 * scope, every client address. That is how every existing key keeps full power.
 */
export interface KeyRestrictions {
  scopes: KeyScope[] | null;
  allowedAddresses: string[] | null;
  /** Credits the key may have charged in one UTC calendar month, enforced by the credit ledger's holds. */
  monthlyCreditCap: number | null;
  /** The web origins a publishable key works from (required for one, refused for the other kinds). */
  allowedOrigins: string[] | null;
}
export const UNRESTRICTED: KeyRestrictions = {
  scopes: null,
  allowedAddresses: null,
  monthlyCreditCap: null,
  allowedOrigins: null,
};

/** A change asked for: a field absent keeps what the key has, null lifts that limit. */
export type KeyRestrictionsChange = Partial<{
  scopes: string[] | null;
  allowedAddresses: string[] | null;
  monthlyCreditCap: number | null;
  allowedOrigins: string[] | null;
}>;

const MAX_ALLOWLIST_ENTRIES = 100;
const MAX_CREDIT_CAP = 1_000_000_000;

function requireCreditCap(cap: number): number {
  if (!Number.isSafeInteger(cap) || cap < 1 || cap > MAX_CREDIT_CAP) throw new DomainError('INVALID_KEY_CREDIT_CAP');
  return cap;
}

function requireScopes(scopes: string[]): KeyScope[] {
  const unknown = scopes.filter((scope) => !(KEY_SCOPES as readonly string[]).includes(scope));
  if (unknown.length > 0)
    throw new DomainError(
      'INVALID_KEY_SCOPE',
      `Unknown scope(s) ${unknown.map((s) => JSON.stringify(s)).join(', ')}: use ${KEY_SCOPES.join(', ')}.`,
    );
  // Stored in the catalogue's order, once each, so an edit that names the same scopes changes nothing.
  return KEY_SCOPES.filter((scope) => scopes.includes(scope));
}

function requireAllowlist(entries: string[]): string[] {
  if (entries.length === 0)
    throw new DomainError(
      'INVALID_KEY_ALLOWLIST',
      'An empty allowlist would refuse every client: send null to allow every address.',
    );
  if (entries.length > MAX_ALLOWLIST_ENTRIES)
    throw new DomainError('INVALID_KEY_ALLOWLIST', `An allowlist holds at most ${MAX_ALLOWLIST_ENTRIES} entries.`);
  for (const entry of entries) {
    if (typeof entry !== 'string' || entry.trim() === '')
      throw new DomainError('INVALID_KEY_ALLOWLIST', 'An allowlist entry is empty.');
    if (!parseAddressBlock(entry))
      throw new DomainError(
        'INVALID_KEY_ALLOWLIST',
        `Allowlist entry ${JSON.stringify(entry)} is not an IPv4 or IPv6 address or CIDR block (such as 203.0.113.0/24 or 2001:db8::/48).`,
      );
  }
  return [...new Set(entries.map((entry) => entry.trim()))];
}

/** The key's limits after a change, each field checked (INVALID_KEY_SCOPE, INVALID_KEY_ALLOWLIST, ...). */
export function restrictionsAfter(
  current: KeyRestrictions,
  change: KeyRestrictionsChange,
  kind: ApiKeyKind = 'live',
): KeyRestrictions {
  const scopes = change.scopes === undefined ? current.scopes : change.scopes && requireScopes(change.scopes);
  const allowedAddresses =
    change.allowedAddresses === undefined
      ? current.allowedAddresses
      : change.allowedAddresses && requireAllowlist(change.allowedAddresses);
  const monthlyCreditCap =
    change.monthlyCreditCap === undefined
      ? current.monthlyCreditCap
      : change.monthlyCreditCap === null
        ? null
        : requireCreditCap(change.monthlyCreditCap);
  const allowedOrigins =
    change.allowedOrigins === undefined
      ? current.allowedOrigins
      : change.allowedOrigins && requireOrigins(change.allowedOrigins);
  const next = { scopes, allowedAddresses, monthlyCreditCap, allowedOrigins };
  return kind === 'publishable' ? publishableLimits(next) : serverKeyLimits(next);
}

/**
 * A publishable key lives in web pages: it verifies single addresses only (its one scope), from the origins
 * it lists; an allowlist of client addresses means nothing for visitors' browsers, so it is refused.
 */
function publishableLimits(limits: KeyRestrictions): KeyRestrictions {
  if (limits.scopes && !(limits.scopes.length === 1 && limits.scopes[0] === 'verify'))
    throw new DomainError(
      'INVALID_KEY_SCOPE',
      'A publishable key only verifies single addresses: its one scope is verify.',
    );
  if (limits.allowedAddresses)
    throw new DomainError(
      'INVALID_KEY_ALLOWLIST',
      "A publishable key is called from visitors' browsers: limit it by origins, not by client addresses.",
    );
  if (!limits.allowedOrigins)
    throw new DomainError('INVALID_KEY_ORIGIN', 'A publishable key needs the origins it works from (allowedOrigins).');
  return { ...limits, scopes: ['verify'] };
}

function serverKeyLimits(limits: KeyRestrictions): KeyRestrictions {
  if (limits.allowedOrigins)
    throw new DomainError(
      'INVALID_KEY_ORIGIN',
      'Only publishable keys carry origins: a live or test key is a server-side secret, limited by client addresses.',
    );
  return limits;
}

export const sameRestrictions = (a: KeyRestrictions, b: KeyRestrictions): boolean =>
  JSON.stringify([a.scopes, a.allowedAddresses, a.monthlyCreditCap, a.allowedOrigins]) ===
  JSON.stringify([b.scopes, b.allowedAddresses, b.monthlyCreditCap, b.allowedOrigins]);
