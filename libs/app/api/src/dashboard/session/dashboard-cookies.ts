import { parse, serialize, SerializeOptions } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The HttpOnly session cookie (never readable by scripts). */
export const SESSION_COOKIE = 'mc_session';
/** The CSRF token, readable by the web UI so it can echo it in X-CSRF-Token. */
export const CSRF_COOKIE = 'mc_csrf';
export const CSRF_HEADER = 'x-csrf-token';

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  try {
    return parse(header)[name];
  } catch {
    return undefined;
  }
}

/**
 * SameSite=Lax keeps the cookies off cross-site POSTs; Secure whenever the UI is served over https
 * (DASHBOARD_URL), left off only for plain-HTTP local use where browsers would drop it.
 */
export function setCookies(
  reply: FastifyReply,
  secure: boolean,
  cookies: Array<{ name: string; value: string; httpOnly: boolean; maxAgeSeconds: number }>,
): void {
  reply.header(
    'set-cookie',
    cookies.map((c) => {
      const options: SerializeOptions = {
        httpOnly: c.httpOnly,
        sameSite: 'lax',
        secure,
        path: '/',
        maxAge: c.maxAgeSeconds,
      };
      return serialize(c.name, c.value, options);
    }),
  );
}

export function clearCookies(reply: FastifyReply, secure: boolean): void {
  setCookies(reply, secure, [
    { name: SESSION_COOKIE, value: '', httpOnly: true, maxAgeSeconds: 0 },
    { name: CSRF_COOKIE, value: '', httpOnly: false, maxAgeSeconds: 0 },
  ]);
}
