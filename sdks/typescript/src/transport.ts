import { ConnectionError, errorFor, MailcheckError, RateLimitError, TimeoutError } from './errors.js';
import { backoffDelayMs, retryAfterMs, shouldRetry, withJitter } from './retry-policy.js';

export interface ClientOptions {
  /** The account's API key (X-API-KEY). */
  apiKey: string;
  /** The service's address, e.g. https://api.example.com; default http://localhost:3000. */
  baseUrl?: string;
  /** Per attempt: how long to wait for an answer (for streams: for its headers). Default 60 s. */
  timeoutMs?: number;
  /** Retries after the first attempt on 429, 5xx, network errors and timeouts. Default 3. */
  maxRetries?: number;
  /** The first backoff delay; each retry doubles it, with jitter. Default 500 ms. */
  retryBaseDelayMs?: number;
  /** The longest wait between attempts; a Retry-After above it is not waited for. Default 30 s. */
  maxRetryDelayMs?: number;
  /** A fetch implementation (default: the global one). */
  fetch?: typeof fetch;
}

type QueryValue = string | number | boolean | undefined | null;

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, QueryValue>;
  /** A JSON body. */
  json?: unknown;
  /** Any other body, rebuilt for every attempt (a FormData cannot be sent twice). */
  body?: () => FormData | Blob | string;
  /** A paid POST: sent with an Idempotency-Key (generated unless given), the same on every retry. */
  paid?: boolean;
  idempotencyKey?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * The HTTP layer: auth header, timeouts, retries with backoff, idempotency keys, typed errors.
 * Redirects are never followed: fetch would send the X-API-KEY header on to wherever the answer points,
 * another origin included, so a 3xx is an error naming where it pointed.
 */
export class Transport {
  readonly baseUrl: string;
  // A true private field: the key is not shown by console.log or util.inspect of a client.
  readonly #apiKey: string;
  private readonly options: Required<Omit<ClientOptions, 'baseUrl' | 'fetch' | 'apiKey'>>;
  private readonly fetchImpl: typeof fetch;

  constructor(options: ClientOptions) {
    if (!options.apiKey) throw new MailcheckError('apiKey is required', 0, 0);
    this.baseUrl = (options.baseUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
    this.#apiKey = options.apiKey;
    this.options = {
      timeoutMs: options.timeoutMs ?? 60_000,
      maxRetries: options.maxRetries ?? 3,
      retryBaseDelayMs: options.retryBaseDelayMs ?? 500,
      maxRetryDelayMs: options.maxRetryDelayMs ?? 30_000,
    };
    this.fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args));
  }

  /** A JSON call: the envelope's `data` on success. */
  async json<T>(spec: RequestSpec): Promise<T> {
    const response = await this.send(spec, false);
    const envelope = (await response.json()) as { data: T };
    return envelope.data;
  }

  /**
   * Sends with retries and returns the successful answer. `stream`: the timeout covers the headers
   * only, the body is the caller's to read (SSE, CSV downloads).
   */
  async send(spec: RequestSpec, stream = true): Promise<Response> {
    const url = this.url(spec.path, spec.query);
    const headers: Record<string, string> = {
      'x-api-key': this.#apiKey,
      accept: 'application/json',
      ...spec.headers,
    };
    if (spec.json !== undefined) headers['content-type'] = 'application/json';
    const keyed = Boolean(spec.paid);
    if (keyed) headers['idempotency-key'] = spec.idempotencyKey ?? (await newIdempotencyKey());
    for (let attempt = 0; ; attempt += 1) {
      let failure: MailcheckError;
      let waitMs: number | undefined;
      const timeout = new AttemptTimeout(this.options.timeoutMs, spec.signal);
      try {
        const response = await this.fetchImpl(url, {
          method: spec.method,
          headers,
          body: spec.json !== undefined ? JSON.stringify(spec.json) : spec.body?.(),
          signal: timeout.signal,
          redirect: 'manual',
        });
        if (isRedirect(response)) {
          timeout.clear();
          await response.body?.cancel().catch(() => undefined);
          throw redirectError(response);
        }
        if (response.ok && stream) {
          timeout.clear();
          return response;
        }
        // Reading the body is part of the attempt: the timeout still runs, and a connection that
        // breaks mid-body is a network error like any other.
        const text = await response.text().finally(() => timeout.clear());
        if (response.ok) return new Response(text, { status: response.status, headers: response.headers });
        failure = errorFromAnswer(response, text);
        waitMs = retryAfterMs(response.headers.get('retry-after'));
        if (failure instanceof RateLimitError && waitMs !== undefined) failure.retryAfterSeconds = waitMs / 1000;
      } catch (error) {
        timeout.clear();
        if (spec.signal?.aborted) throw spec.signal.reason ?? error;
        failure =
          error instanceof MailcheckError
            ? error
            : timeout.fired
              ? timeoutError(this.options.timeoutMs)
              : connectionError(error);
      }
      const retry =
        attempt < this.options.maxRetries &&
        shouldRetry({ method: spec.method, keyed, status: failure.status, code: failure.code });
      if (!retry) throw failure;
      // A Retry-After beyond the longest wait allowed is not waited for: the caller decides.
      if (waitMs !== undefined && waitMs > this.options.maxRetryDelayMs) throw failure;
      const delay =
        waitMs !== undefined
          ? withJitter(waitMs)
          : backoffDelayMs(attempt, this.options.retryBaseDelayMs, this.options.maxRetryDelayMs);
      await sleep(delay, spec.signal);
    }
  }

  url(path: string, query: Record<string, QueryValue> = {}): string {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query))
      if (value !== undefined && value !== null) search.set(name, String(value));
    const text = search.toString();
    return `${this.baseUrl}${path}${text ? `?${text}` : ''}`;
  }
}

/** Aborts one attempt after `ms` (or when the caller's signal aborts) and says which of the two it was. */
class AttemptTimeout {
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly onAbort = () => this.controller.abort();
  fired = false;

  constructor(
    ms: number,
    private readonly outer?: AbortSignal,
  ) {
    this.timer = setTimeout(() => {
      this.fired = true;
      this.controller.abort();
    }, ms);
    if (outer?.aborted) this.controller.abort();
    outer?.addEventListener('abort', this.onAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  clear(): void {
    clearTimeout(this.timer);
    this.outer?.removeEventListener('abort', this.onAbort);
  }
}

function errorFromAnswer(response: Response, text: string): MailcheckError {
  const requestId = response.headers.get('x-request-id') ?? undefined;
  try {
    const envelope = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    if (typeof envelope.error?.code === 'number')
      return errorFor(response.status, envelope.error.code, String(envelope.error.message ?? ''), requestId);
  } catch {
    // not the envelope (a proxy's page): described by its status below
  }
  return errorFor(response.status, 0, `HTTP ${response.status}: ${text.slice(0, 200)}`, requestId);
}

/** A 3xx, or the opaque answer a browser gives for one under `redirect: 'manual'`. */
const isRedirect = (response: Response) =>
  response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);

function redirectError(response: Response): MailcheckError {
  const location = response.headers.get('location');
  return new MailcheckError(
    `the service answered HTTP ${response.status} redirecting to ${location ?? 'another address'}; redirects are not followed (the API key would go with them): use the final address as baseUrl`,
    0,
    response.status,
    response.headers.get('x-request-id') ?? undefined,
  );
}

const timeoutError = (ms: number) => new TimeoutError(`no answer within ${ms} ms`, 0, 0);

function connectionError(error: unknown): ConnectionError {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const detail = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return new ConnectionError(`connection failed: ${detail}`, 0, 0);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/** A random UUID: Web Crypto where present (browsers, Node 19+), node:crypto on Node 18. */
async function newIdempotencyKey(): Promise<string> {
  const webCrypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (webCrypto?.randomUUID) return webCrypto.randomUUID();
  const { randomUUID } = await import('node:crypto');
  return randomUUID();
}
