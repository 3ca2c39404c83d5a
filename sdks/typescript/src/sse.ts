/** One server-sent event (https://html.spec.whatwg.org/multipage/server-sent-events.html). */
export interface SseEvent {
  event: string;
  data: string;
  /** The last `id:` seen on the stream so far (sent back as Last-Event-ID on a reconnect). */
  id?: string;
}

/**
 * Parses an event stream as it arrives: `event`, `data` (multi-line), `id` and `retry` fields,
 * comments (`: heartbeat`) and LF, CRLF or CR line ends split anywhere across chunks. `onRetry`
 * receives the server's reconnection delay.
 */
export async function* readEvents(
  body: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>,
  onRetry: (ms: number) => void = () => undefined,
): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let lastId: string | undefined;
  for await (const chunk of iterate(body)) {
    buffer += decoder.decode(chunk, { stream: true });
    for (;;) {
      const end = buffer.search(/\r\n|\r|\n/);
      // A lone CR at the very end may be the first half of a CRLF: wait for the next chunk.
      if (end < 0 || (buffer[end] === '\r' && end === buffer.length - 1)) break;
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + (buffer.startsWith('\r\n', end) ? 2 : 1));
      if (line === '') {
        if (data.length > 0) yield { event: event || 'message', data: data.join('\n'), id: lastId };
        event = '';
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id' && !value.includes('\0')) lastId = value;
      else if (field === 'retry' && /^\d+$/.test(value)) onRetry(Number(value));
    }
  }
}

/** Node 18's ReadableStream is async-iterable, but the DOM typings (and some browsers) do not say so. */
async function* iterate(body: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  if (Symbol.asyncIterator in body) {
    yield* body as AsyncIterable<Uint8Array>;
    return;
  }
  const reader = (body as ReadableStream<Uint8Array>).getReader();
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
