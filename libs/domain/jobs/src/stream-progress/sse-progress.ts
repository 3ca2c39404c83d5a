import { setTimeout as sleep } from 'node:timers/promises';

/** Where the events go: the raw HTTP response in the API. */
export interface SseSink {
  write(text: string): void;
  end(): void;
  /** Aborted when the client goes away. */
  readonly closed: AbortSignal;
}

/** What is streamed: any job read model with a terminal state (verification or finder jobs). */
export interface ProgressSource<V> {
  load(): Promise<V>;
  isTerminal(view: V): boolean;
}

export interface SseOptions {
  intervalMs?: number;
  heartbeatMs?: number;
}

export const SSE_HEADERS: Record<string, string> = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  // nginx and similar proxies buffer responses unless told not to; SSE must flow as written.
  'x-accel-buffering': 'no',
};

export const sseEvent = (name: string, data: unknown): string => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * A `progress` event with the job's view about every `intervalMs`, a `: heartbeat` comment every
 * `heartbeatMs` (so idle proxies keep the connection), and a final `done` event once the job is
 * terminal, after which the stream ends. Stops as soon as the client disconnects.
 */
export async function streamProgress<V>(
  sink: SseSink,
  source: ProgressSource<V>,
  options: SseOptions = {},
): Promise<void> {
  const intervalMs = options.intervalMs ?? 1_000;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  sink.write(`retry: 3000\n: connected\n\n`);
  let lastHeartbeat = Date.now();
  try {
    while (!sink.closed.aborted) {
      const view = await source.load();
      if (sink.closed.aborted) break;
      if (source.isTerminal(view)) {
        sink.write(sseEvent('progress', view) + sseEvent('done', view));
        break;
      }
      sink.write(sseEvent('progress', view));
      if (Date.now() - lastHeartbeat >= heartbeatMs) {
        sink.write(': heartbeat\n\n');
        lastHeartbeat = Date.now();
      }
      await sleep(intervalMs, undefined, { signal: sink.closed }).catch(() => undefined);
    }
  } finally {
    sink.end();
  }
}
