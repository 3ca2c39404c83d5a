import { Download } from './download.js';
import { ConnectionError, MailcheckError } from './errors.js';
import { readEvents } from './sse.js';
import { sleep, Transport } from './transport.js';
import type { ErasureReceipt, FinderJobPage, FinderJobView, JobPage, VerificationJobView } from './types.js';
import { uploadBlob, UploadSource } from './upload.js';

const TERMINAL = new Set(['Completed', 'Cancelled', 'Failed']);

export interface WaitOptions<V> {
  /** Called with each `progress` event's job view (about once a second). */
  onProgress?: (job: V) => void;
  signal?: AbortSignal;
  /** A stream silent this long is dropped and reopened (the service sends a heartbeat every 15 s). Default 45 s. */
  idleTimeoutMs?: number;
  /** Reopenings in a row without an event before giving up. Default 10. */
  maxReconnects?: number;
}

export interface DownloadOptions {
  /** Keep only rows with these results (ok, invalid, catch_all, unknown, disposable, error). */
  results?: string[] | string;
  /** Result columns to append, in order (`none`, `all`, or names such as result, riskScore, smtpCode). */
  columns?: string[] | string;
  /** One row per address (default: the job's own setting). */
  dedupe?: boolean;
  /**
   * `simple`: the original columns plus one "Email status" column in the dashboard's words (Deliverable,
   * Catch-all, ...), not with `columns`; `full` (default): the result columns `columns` names.
   */
  format?: 'full' | 'simple';
  signal?: AbortSignal;
}

const list = (value?: string[] | string) => (Array.isArray(value) ? value.join(',') : value);

/** A bulk job (verification or finder): its last known view, live progress, results and cancel. */
export class Job<V extends { id: number; status: string } = VerificationJobView> {
  constructor(
    private readonly transport: Transport,
    private readonly basePath: string,
    /** The job's view as last seen (updated by refresh and wait). */
    public view: V,
  ) {}

  get id(): number {
    return this.view.id;
  }

  get status(): string {
    return this.view.status;
  }

  get done(): boolean {
    return TERMINAL.has(this.view.status);
  }

  async refresh(): Promise<V> {
    this.view = await this.transport.json<V>({ method: 'GET', path: `${this.basePath}/${this.id}` });
    return this.view;
  }

  async cancel(): Promise<V> {
    this.view = await this.transport.json<V>({ method: 'DELETE', path: `${this.basePath}/${this.id}` });
    return this.view;
  }

  /**
   * "Delete now": erases the ended job's file, results and row data everywhere the service stored them; the
   * job's record, counts and charges stay. Answers the erasure's receipt (`status` erasing, then done:
   * `client.erasures.get(receipt.erasureId)`); asked again, the same erasure.
   */
  erase(): Promise<ErasureReceipt> {
    return this.transport.json<ErasureReceipt>({ method: 'POST', path: `${this.basePath}/${this.id}/erase` });
  }

  /**
   * Resumes a verification job stopped because the balance ran out (`view.resumable`), after a top-up: it
   * goes on from its first undone row, and rows done are not charged again. `wait()` follows it.
   */
  async resume(): Promise<V> {
    this.view = await this.transport.json<V>({ method: 'POST', path: `${this.basePath}/${this.id}/resume` });
    return this.view;
  }

  /**
   * Follows the live progress stream until the job is Completed, Cancelled or Failed and returns its
   * final view. A stream that breaks or goes silent is reopened after the service's `retry` delay,
   * with Last-Event-ID when the service numbered its events; every event carries the whole job view,
   * so nothing is missed across a reconnect.
   */
  async wait(options: WaitOptions<V> = {}): Promise<V> {
    const idleTimeoutMs = options.idleTimeoutMs ?? 45_000;
    const maxReconnects = options.maxReconnects ?? 10;
    let reconnectMs = 3_000;
    let lastEventId: string | undefined;
    let quietReconnects = 0;
    for (;;) {
      let lastError: unknown;
      try {
        const headers: Record<string, string> = { accept: 'text/event-stream' };
        if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
        const response = await this.transport.send({
          method: 'GET',
          path: `${this.basePath}/${this.id}/stream`,
          headers,
          signal: options.signal,
        });
        const body = watchIdle(response.body!, idleTimeoutMs, options.signal);
        for await (const event of readEvents(body, (ms) => (reconnectMs = ms))) {
          quietReconnects = 0;
          lastEventId = event.id ?? lastEventId;
          if (event.event !== 'progress' && event.event !== 'done') continue;
          this.view = JSON.parse(event.data) as V;
          if (event.event === 'done') return this.view;
          options.onProgress?.(this.view);
        }
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason ?? error;
        // 4xx (unknown job, revoked key) will not get better by reconnecting.
        if (error instanceof MailcheckError && error.status >= 400 && error.status < 500 && error.status !== 429)
          throw error;
        lastError = error;
      }
      quietReconnects += 1;
      if (quietReconnects > maxReconnects) {
        const detail = lastError instanceof Error ? `: ${lastError.message}` : '';
        throw new ConnectionError(
          `the progress stream of job ${this.id} broke ${quietReconnects} times in a row${detail}`,
          0,
          0,
        );
      }
      await sleep(Math.min(reconnectMs, 3_000 * quietReconnects), options.signal);
    }
  }

  /** The results CSV as a stream: iterate it, read its lines, or `saveTo(path)`. */
  async download(options: DownloadOptions = {}): Promise<Download> {
    const response = await this.transport.send({
      method: 'GET',
      path: `${this.basePath}/${this.id}/download`,
      query: {
        results: list(options.results),
        columns: list(options.columns),
        dedupe: options.dedupe,
        format: options.format,
      },
      headers: { accept: 'text/csv' },
      signal: options.signal,
    });
    return new Download(response);
  }
}

/** Reads a body chunk by chunk and cancels it when nothing arrives for `ms` (a half-dead connection). */
async function* watchIdle(
  body: ReadableStream<Uint8Array>,
  ms: number,
  signal?: AbortSignal,
): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      clearTimeout(timer);
      timer = setTimeout(cancel, ms);
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
    cancel();
  }
}

export interface VerificationJobOptions {
  /** Zero-based index of the column to verify; detected from the header or the values when absent. */
  emailColumn?: number;
  /** The download keeps one row per address. */
  dedupe?: boolean;
  /** The sheet of an .xlsx to read, by name (default: the first). */
  sheet?: string;
  /**
   * Verify (and charge) again a file this account uploaded recently with the same options; without it such
   * an upload is refused (code 3021, `duplicateOf` naming the earlier job).
   */
  allowDuplicate?: boolean;
  /** The file name the job is listed under (default: the path's or File's name). */
  fileName?: string;
  /** Default: a new key per call, reused by its retries (a retried upload never makes a second job). */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface FinderJobOptions {
  /** Header name or zero-based index of each column; detected when absent. */
  firstNameColumn?: string | number;
  lastNameColumn?: string | number;
  domainColumn?: string | number;
  /** The sheet of an .xlsx to read, by name (default: the first). */
  sheet?: string;
  fileName?: string;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface PageOptions {
  page?: number;
  pageSize?: number;
}

/** Bulk jobs of one kind: create (upload), get, list. */
class JobCollection<
  V extends { id: number; status: string },
  O extends { fileName?: string; idempotencyKey?: string; signal?: AbortSignal },
  P,
> {
  constructor(
    protected readonly transport: Transport,
    protected readonly basePath: string,
  ) {}

  /**
   * Uploads a list and returns the job (Pending; `wait()` follows it): a CSV (UTF-8, UTF-16 or
   * Windows-1252 as Excel saves it), a .txt of one address per line, or an .xlsx workbook.
   */
  async create(source: UploadSource, options: O = {} as O): Promise<Job<V>> {
    const { blob, fileName } = await uploadBlob(source, options.fileName);
    const { fileName: _name, idempotencyKey, signal, ...fields } = options;
    const view = await this.transport.json<V>({
      method: 'POST',
      path: this.basePath,
      paid: true,
      idempotencyKey,
      signal,
      body: () => {
        const form = new FormData();
        // The fields go first: the service reads an .xlsx as it arrives, with the sheet already known.
        for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, String(value));
        form.append('file', blob, fileName);
        return form;
      },
    });
    return new Job<V>(this.transport, this.basePath, view);
  }

  async get(id: number | string): Promise<Job<V>> {
    const view = await this.transport.json<V>({ method: 'GET', path: `${this.basePath}/${id}` });
    return new Job<V>(this.transport, this.basePath, view);
  }

  /** A page of jobs, newest first. */
  list(options: PageOptions = {}): Promise<P> {
    return this.transport.json<P>({ method: 'GET', path: this.basePath, query: { ...options } });
  }
}

export class VerificationJobs extends JobCollection<VerificationJobView, VerificationJobOptions, JobPage> {
  constructor(transport: Transport) {
    super(transport, '/v1/jobs');
  }
}

export class FinderJobs extends JobCollection<FinderJobView, FinderJobOptions, FinderJobPage> {
  constructor(transport: Transport) {
    super(transport, '/v1/finder/jobs');
  }
}
