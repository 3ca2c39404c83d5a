import { domainToASCII } from 'node:url';

export type SyntaxCheck = { ok: true; local: string; domain: string } | { ok: false; reason: string };

// RFC 5322 atext. Non-ASCII letters are accepted too (RFC 6531 internationalised local
// parts); probing them then needs SMTPUTF8 from the receiving server.
const ATOM = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~\u0080-\uFFFF]+$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * Syntax as real mail systems accept it. Decisions: quoted local parts and IP-literal
 * domains are refused (no mailbox provider hands them out and most MTAs reject them on
 * submission); a domain needs at least two labels and an alphabetic or punycode TLD.
 * Lengths: local part 64 octets, domain 255, whole address 254 (RFC 5321 path limit).
 */
export function checkSyntax(email: string): SyntaxCheck {
  const trimmed = email.trim();
  if (!trimmed) return { ok: false, reason: 'empty' };
  if (/\s/.test(trimmed)) return { ok: false, reason: 'whitespace' };
  const at = trimmed.lastIndexOf('@');
  if (at < 0) return { ok: false, reason: 'missing_at' };
  const local = trimmed.slice(0, at);
  const rawDomain = trimmed.slice(at + 1);
  const localReason = localPartProblem(local);
  if (localReason) return { ok: false, reason: localReason };
  if (rawDomain.startsWith('[')) return { ok: false, reason: 'ip_literal_unsupported' };
  const domain = toAsciiDomain(rawDomain);
  if (!domain) return { ok: false, reason: 'invalid_domain' };
  const domainReason = domainProblem(domain);
  if (domainReason) return { ok: false, reason: domainReason };
  if (Buffer.byteLength(local, 'utf8') + 1 + domain.length > 254) return { ok: false, reason: 'address_too_long' };
  return { ok: true, local, domain };
}

function localPartProblem(local: string): string | null {
  if (!local) return 'empty_local_part';
  if (local.includes('@')) return 'multiple_at';
  if (local.startsWith('"')) return 'quoted_local_part_unsupported';
  if (Buffer.byteLength(local, 'utf8') > 64) return 'local_part_too_long';
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return 'misplaced_dot';
  return local.split('.').every((atom) => ATOM.test(atom)) ? null : 'invalid_local_part_character';
}

/** Lowercases and applies UTS #46 (the WHATWG URL mapping); null when the name cannot be mapped. */
export function toAsciiDomain(domain: string): string | null {
  const stripped = domain.trim().replace(/\.$/, '');
  if (!stripped) return null;
  const ascii = domainToASCII(stripped.toLowerCase());
  return ascii ? ascii : null;
}

function domainProblem(domain: string): string | null {
  if (domain.length > 255) return 'domain_too_long';
  const labels = domain.split('.');
  if (labels.length < 2) return 'domain_without_tld';
  if (!labels.every((label) => LABEL.test(label))) return 'invalid_domain_label';
  return TLD.test(labels[labels.length - 1]) ? null : 'invalid_tld';
}
