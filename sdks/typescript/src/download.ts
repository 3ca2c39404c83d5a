/** The name used when the service suggests none, or one that is not a plain file name. */
export const DEFAULT_FILE_NAME = 'results.csv';

/**
 * A name the service suggests, made safe to open in the current directory: only its last path segment,
 * and refused (DEFAULT_FILE_NAME instead) when that is empty, a dot-file (`.bashrc`, `..`) or holds a
 * control character. The server, or anyone between it and a client on plain http, chooses this text.
 */
export function safeFileName(suggested: string | null | undefined): string {
  const base = (suggested ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  if (base === '' || base.startsWith('.') || /[\u0000-\u001f\u007f]/.test(base)) return DEFAULT_FILE_NAME;
  return base;
}

export interface SaveOptions {
  /** Replace a file already at the path (default true: the caller chose it). false: refuse with EEXIST. */
  overwrite?: boolean;
}

/**
 * A results CSV as it streams from the service: iterate its chunks (`for await`), its lines, or save
 * it to a file. The body can be read once.
 */
export class Download implements AsyncIterable<Uint8Array> {
  /**
   * The name the service suggests (`<list>-results.csv`), reduced to a plain file name (safeFileName):
   * never a path, never a dot-file. Save to it with `{ overwrite: false }`.
   */
  readonly fileName: string;
  /** True unless the job is Completed: the file then holds the rows verified so far. */
  readonly partial: boolean;

  constructor(private readonly response: Response) {
    const disposition = response.headers.get('content-disposition') ?? '';
    this.fileName = safeFileName(/filename="([^"]+)"/.exec(disposition)?.[1]);
    this.partial = response.headers.get('x-partial-result') !== 'false';
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array> {
    const body = this.response.body;
    if (!body) return;
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    } finally {
      reader.releaseLock();
    }
  }

  /** The file line by line, without line ends (a quoted cell with a line break spans two lines). */
  async *lines(): AsyncGenerator<string> {
    const decoder = new TextDecoder();
    let rest = '';
    for await (const chunk of this) {
      rest += decoder.decode(chunk, { stream: true });
      const lines = rest.split(/\r?\n/);
      rest = lines.pop() ?? '';
      yield* lines;
    }
    rest += decoder.decode();
    if (rest) yield rest;
  }

  async text(): Promise<string> {
    return this.response.text();
  }

  /** Streams the file to `path` (Node) and returns the bytes written; `overwrite: false` never replaces a file. */
  async saveTo(path: string, options: SaveOptions = {}): Promise<number> {
    const { open } = await import('node:fs/promises');
    const { once } = (await import('node:events')).EventEmitter;
    // Opened before anything is read, so a refusal (EEXIST) leaves the download unread and the file untouched.
    const handle = await open(path, options.overwrite === false ? 'wx' : 'w');
    const out = handle.createWriteStream();
    let bytes = 0;
    try {
      for await (const chunk of this) {
        bytes += chunk.length;
        if (!out.write(chunk)) await once(out, 'drain');
      }
    } finally {
      out.end();
      await once(out, 'close');
    }
    return bytes;
  }
}
