import { checkSyntax } from './email-syntax';

// Providers whose mailbox ignores dots in the local part.
const DOTLESS = new Set(['gmail.com', 'googlemail.com']);
// Providers documented to deliver `user+tag@` to `user@`.
const PLUS_TAGS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'fastmail.com',
  'fastmail.fm',
  'protonmail.com',
  'proton.me',
  'pm.me',
  'zoho.com',
  'yandex.ru',
  'yandex.com',
  'gmx.com',
  'gmx.de',
]);
const DOMAIN_ALIASES: Record<string, string> = { 'googlemail.com': 'gmail.com' };

/** Normalized address: local part as given, domain lowercased and punycoded. This is what is probed. */
export function normalizeEmail(email: string): { local: string; domain: string; normalized: string } | null {
  const syntax = checkSyntax(email);
  if (!syntax.ok) return null;
  return { local: syntax.local, domain: syntax.domain, normalized: `${syntax.local}@${syntax.domain}` };
}

/**
 * A dedupe key: local part lowercased (case-insensitive mailboxes are near universal),
 * plus provider rules for dots and +tags. Never used to choose what is probed.
 */
export function canonicalEmail(email: string): string | null {
  const parts = normalizeEmail(email);
  if (!parts) return null;
  let local = parts.local.toLowerCase();
  const domain = DOMAIN_ALIASES[parts.domain] ?? parts.domain;
  if (PLUS_TAGS.has(parts.domain)) local = local.split('+')[0] || local;
  if (DOTLESS.has(parts.domain)) local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}
