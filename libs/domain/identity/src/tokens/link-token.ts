import { newSecretToken, sha256Hex } from './secret-hash';

/**
 * Tokens mailed in links look like `<userId>.<secret>`: the user id locates the stream to check, the
 * secret proves possession. Only the secret's hash is recorded, so a leaked event store grants nothing.
 */
const LINK_TOKEN = /^([0-9]{1,20})\.([A-Za-z0-9_-]{43})$/;

export interface LinkToken {
  userId: string;
  token: string;
  tokenHash: string;
}

export function newLinkToken(userId: string): LinkToken {
  const secret = newSecretToken();
  return { userId, token: `${userId}.${secret}`, tokenHash: sha256Hex(secret) };
}

export function parseLinkToken(raw: unknown): { userId: string; tokenHash: string } | null {
  if (typeof raw !== 'string') return null;
  const match = LINK_TOKEN.exec(raw);
  return match ? { userId: match[1], tokenHash: sha256Hex(match[2]) } : null;
}
