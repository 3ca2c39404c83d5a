import { randomBytes } from 'node:crypto';
import { newSecretToken, sha256Hex } from './secret-hash';

/**
 * The session cookie holds `<sessionId>.<secret>`: the id locates the server-side record (and is what
 * the sessions list shows), the secret proves possession; only its hash is stored. The CSRF token is
 * a second secret bound to the same session record.
 */
const SESSION_TOKEN = /^([a-f0-9]{24})\.([A-Za-z0-9_-]{43})$/;

export interface NewSession {
  sessionId: string;
  token: string;
  secretHash: string;
  csrfToken: string;
  csrfHash: string;
}

export function newSession(): NewSession {
  const sessionId = randomBytes(12).toString('hex');
  const secret = newSecretToken();
  const csrfToken = newSecretToken();
  return {
    sessionId,
    token: `${sessionId}.${secret}`,
    secretHash: sha256Hex(secret),
    csrfToken,
    csrfHash: sha256Hex(csrfToken),
  };
}

export function parseSessionToken(raw: string | undefined): { sessionId: string; secretHash: string } | null {
  const match = SESSION_TOKEN.exec(raw ?? '');
  return match ? { sessionId: match[1], secretHash: sha256Hex(match[2]) } : null;
}
