/**
 * Calls the service's JSON API from the browser with the session cookie. State-changing requests
 * carry the CSRF token (the double-submit value of the mc_csrf cookie) in X-CSRF-Token.
 * Every failure becomes an ApiError with the envelope's numeric code, so pages branch on the code.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly retryAfter: number | null = null,
    /** The envelope's error as sent: some codes carry more facts (3021: `duplicateOf`). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const CSRF_COOKIE = 'mc_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

export function readCookie(
  name: string,
  cookies = typeof document === 'undefined' ? '' : document.cookie,
): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Headers every call sends: the CSRF token on anything but GET. */
export function requestHeaders(method: Method, extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extra };
  const token = readCookie(CSRF_COOKIE);
  if (method !== 'GET' && token) headers[CSRF_HEADER] = token;
  return headers;
}

/** Reads an envelope answer: `data` on success, an ApiError otherwise (also for non-JSON answers such as a proxy's 502 page). */
export async function readEnvelope<T>(response: Response): Promise<T> {
  const text = await response.text();
  let body: { status?: string; data?: T; error?: { code: number; message: string } & Record<string, unknown> } | null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (response.ok && body && body.status === 'success') return body.data as T;
  const retryAfter = Number(response.headers.get('retry-after')) || null;
  if (body?.error) throw new ApiError(response.status, body.error.code, body.error.message, retryAfter, body.error);
  throw new ApiError(
    response.status,
    0,
    `The service answered ${response.status} ${response.statusText || ''}`.trim() + '. Try again in a moment.',
    retryAfter,
  );
}

/**
 * Before the first state change of a visit with no CSRF cookie yet (anonymous forms: sign-up,
 * sign-in, mailed links), ask the server for one; signing in replaces it with the session's token.
 */
async function ensureCsrfCookie(method: Method): Promise<void> {
  if (method === 'GET' || readCookie(CSRF_COOKIE)) return;
  await fetch(CSRF_PATH, { credentials: 'same-origin', headers: { Accept: 'application/json' } }).catch(
    () => undefined,
  );
}

export const CSRF_PATH = '/dashboard/v1/csrf';

export async function api<T>(method: Method, path: string, body?: unknown): Promise<T> {
  await ensureCsrfCookie(method);
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: requestHeaders(method, body === undefined ? {} : { 'Content-Type': 'application/json' }),
  };
  if (body !== undefined) init.body = JSON.stringify(body);
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, 0, 'The service cannot be reached. Check your connection and try again.');
  }
  return readEnvelope<T>(response);
}

/** Multipart upload (CSV files) with upload progress, which fetch cannot report. */
export async function upload<T>(
  path: string,
  form: FormData,
  onProgress: (sent: number, total: number) => void,
): Promise<T> {
  await ensureCsrfCookie('POST');
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(requestHeaders('POST'))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.total);
    xhr.onerror = () => reject(new ApiError(0, 0, 'The upload was interrupted. Check your connection and try again.'));
    xhr.onload = () => {
      const response = new Response(xhr.responseText, {
        status: xhr.status,
        statusText: xhr.statusText,
        headers: { 'retry-after': xhr.getResponseHeader('retry-after') ?? '' },
      });
      readEnvelope<T>(response).then(resolve, reject);
    };
    xhr.send(form);
  });
}
