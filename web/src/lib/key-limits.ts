import type { components } from '../api/generated/openapi';
import type { KeyKind } from './key-kinds';

type Limits = Pick<
  components['schemas']['TeamKeyModel'],
  'kind' | 'scopes' | 'allowedAddresses' | 'monthlyCreditCap' | 'allowedOrigins'
>;
export type KeyScope = NonNullable<Limits['scopes']>[number];

/** Every scope with what it opens, in the API's order (a Record, so a scope the API adds must be named here). */
const SCOPE_LABELS: Record<KeyScope, string> = {
  verify: 'Verify addresses (single and batch)',
  jobs: 'Bulk verification lists',
  finder: 'Email finder (single, batch and lists)',
  webhooks: 'Webhooks',
  'credits:read': 'Read the balance, transactions and orders',
  keys: 'Manage keys',
};
export const SCOPES = Object.entries(SCOPE_LABELS).map(([scope, label]) => ({ scope: scope as KeyScope, label }));

/** The form's state: "every scope" / "every address" are choices of their own, not empty lists. */
export interface KeyLimitsForm {
  allScopes: boolean;
  scopes: KeyScope[];
  anyAddress: boolean;
  addresses: string;
  /** Blank: no cap. */
  monthlyCap: string;
  /** A publishable key's web origins, one a line. */
  origins: string;
}

/** The fields of the key forms that can be wrong, each shown with its own error. */
export type KeyField = 'label' | 'kind' | 'scopes' | 'addresses' | 'cap' | 'origins';
export type KeyFieldErrors = Partial<Record<KeyField, string>>;

/**
 * The limits each kind takes: a publishable key's one scope is verify and visitors' browsers have no
 * fixed address, so it is limited by origins instead; live and test keys are server-side secrets.
 */
export const FIELDS_OF_KIND: Record<KeyKind, KeyField[]> = {
  live: ['scopes', 'addresses', 'cap'],
  test: ['scopes', 'addresses', 'cap'],
  publishable: ['origins', 'cap'],
};

export const NO_LIMITS: KeyLimitsForm = {
  allScopes: true,
  scopes: [],
  anyAddress: true,
  addresses: '',
  monthlyCap: '',
  origins: '',
};

export function formOf(key: Limits): KeyLimitsForm {
  return {
    allScopes: key.scopes === null,
    scopes: key.scopes ?? [],
    anyAddress: key.allowedAddresses === null,
    addresses: (key.allowedAddresses ?? []).join('\n'),
    monthlyCap: key.monthlyCreditCap === null ? '' : String(key.monthlyCreditCap),
    origins: (key.allowedOrigins ?? []).join('\n'),
  };
}

/** One entry a line (commas too); blank lines are left out. */
export const entryLines = (text: string): string[] =>
  text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);

const capOf = (form: KeyLimitsForm): number | null =>
  form.monthlyCap.trim() === '' ? null : Number(form.monthlyCap.trim());

export type LimitsBody =
  | { scopes: KeyScope[] | null; allowedAddresses: string[] | null; monthlyCreditCap: number | null }
  | { allowedOrigins: string[]; monthlyCreditCap: number | null };

/** What the form asks the API for, only the fields the kind takes: null lifts a limit. */
export function limitsBody(form: KeyLimitsForm, kind: KeyKind): LimitsBody {
  if (kind === 'publishable') return { allowedOrigins: entryLines(form.origins), monthlyCreditCap: capOf(form) };
  return {
    scopes: form.allScopes ? null : form.scopes,
    allowedAddresses: form.anyAddress ? null : entryLines(form.addresses),
    monthlyCreditCap: capOf(form),
  };
}

/**
 * The checks the form makes before sending, by field. The server checks each address (1112) and each
 * origin (1116: scheme, host and port only); its refusals are shown by the same fields.
 */
export function checkKeyLimits(form: KeyLimitsForm, kind: KeyKind): KeyFieldErrors {
  const found: KeyFieldErrors = {};
  const fields = FIELDS_OF_KIND[kind];
  if (fields.includes('scopes') && !form.allScopes && form.scopes.length === 0)
    found.scopes = 'Choose at least one thing the key may do, or “Everything”.';
  if (fields.includes('addresses') && !form.anyAddress && entryLines(form.addresses).length === 0)
    found.addresses =
      'Enter at least one address or block, such as 203.0.113.7 or 203.0.113.0/24, or choose “Any address”.';
  if (fields.includes('origins') && entryLines(form.origins).length === 0)
    found.origins = 'Enter the web origin of each site whose pages use the key, such as https://www.example.com.';
  if (form.monthlyCap.trim() !== '' && !/^[1-9]\d{0,9}$/.test(form.monthlyCap.trim()))
    found.cap = 'A monthly credit cap is a whole number of credits, such as 5000; leave it empty for no cap.';
  return found;
}

export const describeScopes = (key: Limits): string =>
  key.kind === 'publishable'
    ? 'verify (single addresses)'
    : key.scopes === null
      ? 'Everything'
      : key.scopes.join(', ') || 'nothing';
/** Where a key works from: a publishable key's web origins, another key's client addresses. */
export const describeWhere = (key: Limits): string =>
  key.kind === 'publishable'
    ? `Pages on ${(key.allowedOrigins ?? []).join(', ')}`
    : key.allowedAddresses === null
      ? 'Any address'
      : key.allowedAddresses.join(', ');
export const describeCap = (key: Limits): string =>
  key.monthlyCreditCap === null ? 'No cap' : `${key.monthlyCreditCap.toLocaleString('en')} credits a month`;
