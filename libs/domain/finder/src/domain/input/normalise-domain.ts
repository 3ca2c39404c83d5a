import { domainToASCII } from 'node:url';

export type DomainNormalisation = { ok: true; domain: string } | { ok: false; message: string };

const MAX_DOMAIN = 253;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The host part of whatever the caller typed: a bare domain, a URL, or an address. */
function hostOf(raw: string): string {
  let text = raw.trim().toLowerCase();
  if (text.includes('://')) text = text.slice(text.indexOf('://') + 3);
  text = text.split(/[/?#]/)[0];
  // Someone pasting an address means its domain ("jane@acme.com" -> acme.com).
  text = text.slice(text.lastIndexOf('@') + 1);
  return text.replace(/:\d*$/, '').replace(/\.$/, '');
}

/**
 * The company domain as lower-case ASCII: strips a scheme, path, port, trailing dot and a leading
 * "www." (https://www.Acme.com/about -> acme.com), and converts an IDN to its xn-- form.
 */
export function normaliseDomain(raw: string): DomainNormalisation {
  const host = hostOf(raw);
  if (host === '') return { ok: false, message: 'domain is empty' };
  const ascii = domainToASCII(host);
  if (ascii === '') return { ok: false, message: `domain "${raw.trim()}" is not a valid host name` };
  const labels = ascii.split('.');
  // Keep "www" when it is all there is in front of the public suffix (www.com is a domain itself).
  const domain = labels[0] === 'www' && labels.length > 2 ? labels.slice(1).join('.') : ascii;
  const parts = domain.split('.');
  if (parts.length < 2) return { ok: false, message: `domain "${domain}" needs a dot and a top-level domain` };
  if (domain.length > MAX_DOMAIN || !parts.every((label) => LABEL.test(label))) {
    return { ok: false, message: `domain "${domain}" is not a valid host name` };
  }
  if (/^\d+$/.test(parts[parts.length - 1])) return { ok: false, message: 'an IP address is not a company domain' };
  return { ok: true, domain };
}
