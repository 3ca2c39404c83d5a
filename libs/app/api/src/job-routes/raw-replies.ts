import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { isTerminal, ProgressSource, SSE_HEADERS, streamProgress } from '@lib/jobs';

/** An attachment header that survives any file name: an ASCII fallback plus the RFC 5987 UTF-8 form. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Streams a job's CSV download; `partial` says whether rows are still to come (X-Partial-Result). */
export function sendCsvDownload(
  reply: FastifyReply,
  prepared: { fileName: string; partial: boolean; body: AsyncIterable<string | Buffer> | Iterable<string | Buffer> },
): void {
  void reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition(prepared.fileName))
    .header('cache-control', 'no-store')
    .header('x-partial-result', String(prepared.partial))
    .send(Readable.from(prepared.body));
}

/** Takes the response over from Fastify and streams job progress until done or until the client leaves. */
export async function streamJobEvents<V>(reply: FastifyReply, source: ProgressSource<V>): Promise<void> {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, SSE_HEADERS);
  raw.flushHeaders();
  // The response's 'close' fires when the client disconnects (the request's fires once its body is read).
  const gone = new AbortController();
  const leave = () => gone.abort();
  raw.on('close', leave);
  try {
    await streamProgress({ write: (text) => void raw.write(text), end: () => raw.end(), closed: gone.signal }, source);
  } finally {
    raw.off('close', leave);
  }
}

/** GET …/jobs/{id}/stream of either job kind: a 404 in the envelope before the stream opens, then the view until the job ends. */
export async function streamJobView(reply: FastifyReply, view: () => Promise<{ status: string }>): Promise<void> {
  await view();
  await streamJobEvents(reply, { load: view, isTerminal: (current) => isTerminal(current.status) });
}
