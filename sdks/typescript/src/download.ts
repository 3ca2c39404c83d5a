/**
 * A results CSV as it streams from the service: iterate its chunks (`for await`), its lines, or save
 * it to a file. The body can be read once.
 */
export class Download implements AsyncIterable<Uint8Array> {
  /** The name the service suggests (`<list>-results.csv`). */
  readonly fileName: string;
  /** True unless the job is Completed: the file then holds the rows verified so far. */
  readonly partial: boolean;

  constructor(private readonly response: Response) {
    const disposition = response.headers.get('content-disposition') ?? '';
    this.fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'results.csv';
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

  /** Streams the file to `path` (Node) and returns the bytes written. */
  async saveTo(path: string): Promise<number> {
    const { createWriteStream } = await import('node:fs');
    const { once } = (await import('node:events')).EventEmitter;
    const out = createWriteStream(path);
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
