import type { components } from '../api/generated/openapi';

type Limits = Pick<components['schemas']['TeamKeyModel'], 'scopes' | 'allowedAddresses' | 'monthlyCreditCap'>;
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
}

export const NO_LIMITS: KeyLimitsForm = {
  allScopes: true,
  scopes: [],
  anyAddress: true,
  addresses: '',
  monthlyCap: '',
};

export function formOf(key: Limits): KeyLimitsForm {
  return {
    allScopes: key.scopes === null,
    scopes: key.scopes ?? [],
    anyAddress: key.allowedAddresses === null,
    addresses: (key.allowedAddresses ?? []).join('\n'),
    monthlyCap: key.monthlyCreditCap === null ? '' : String(key.monthlyCreditCap),
  };
}

/** One address or block a line (commas too); blank lines are left out. */
export const addressLines = (text: string): string[] =>
  text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);

/** What the form asks the API for: null lifts a limit. */
export function limitsBody(form: KeyLimitsForm): {
  scopes: KeyScope[] | null;
  allowedAddresses: string[] | null;
  monthlyCreditCap: number | null;
} {
  return {
    scopes: form.allScopes ? null : form.scopes,
    allowedAddresses: form.anyAddress ? null : addressLines(form.addresses),
    monthlyCreditCap: form.monthlyCap.trim() === '' ? null : Number(form.monthlyCap.trim()),
  };
}

/** The checks the form makes before sending (the server checks each address: code 1112). */
export function checkKeyLimits(form: KeyLimitsForm): string | null {
  if (!form.allScopes && form.scopes.length === 0) return 'Choose at least one thing the key may do, or “Everything”.';
  if (!form.anyAddress && addressLines(form.addresses).length === 0)
    return 'Enter at least one address or block, such as 203.0.113.7 or 203.0.113.0/24, or choose “Any address”.';
  if (form.monthlyCap.trim() !== '' && !/^[1-9]\d{0,9}$/.test(form.monthlyCap.trim()))
    return 'A monthly credit cap is a whole number of credits, such as 5000; leave it empty for no cap.';
  return null;
}

export const describeScopes = (key: Limits): string =>
  key.scopes === null ? 'Everything' : key.scopes.join(', ') || 'nothing';
export const describeAddresses = (key: Limits): string =>
  key.allowedAddresses === null ? 'Any address' : key.allowedAddresses.join(', ');
export const describeCap = (key: Limits): string =>
  key.monthlyCreditCap === null ? 'No cap' : `${key.monthlyCreditCap.toLocaleString('en')} credits a month`;
