import type { FastifyReply } from 'fastify';
import { ProgressSource, SSE_HEADERS, streamProgress } from '@lib/jobs';

/** An attachment header that survives any file name: an ASCII fallback plus the RFC 5987 UTF-8 form. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
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
