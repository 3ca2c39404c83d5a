/** What a job can be created from: a file path (Node), a Blob or File, bytes, or a stream of bytes. */
export type UploadSource =
  string | Blob | Uint8Array | ArrayBuffer | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/**
 * The upload as a Blob with its file name. A retried upload must send the same bytes again (its
 * Idempotency-Key is bound to them), so a stream is read to the end first; a path becomes a
 * file-backed Blob where Node has `fs.openAsBlob` (20+), else it is read into memory.
 */
export async function uploadBlob(source: UploadSource, fileName?: string): Promise<{ blob: Blob; fileName: string }> {
  if (typeof source === 'string') {
    const fs = await import('node:fs');
    const { basename } = await import('node:path');
    await fs.promises.access(source, fs.constants.R_OK); // a clear ENOENT/EACCES naming the path (openAsBlob's error names neither)
    const openAsBlob = (fs as { openAsBlob?: (path: string) => Promise<Blob> }).openAsBlob;
    const blob = openAsBlob ? await openAsBlob(source) : new Blob([await fs.promises.readFile(source)]);
    return { blob, fileName: fileName ?? basename(source) };
  }
  const named = (source as { name?: unknown }).name;
  const name = fileName ?? (typeof named === 'string' && named ? named : 'upload.csv');
  if (source instanceof Blob) return { blob: source, fileName: name };
  if (source instanceof Uint8Array || source instanceof ArrayBuffer)
    return { blob: new Blob([source]), fileName: name };
  const parts: Uint8Array[] = [];
  const iterable =
    Symbol.asyncIterator in source
      ? (source as AsyncIterable<Uint8Array>)
      : readableChunks(source as ReadableStream<Uint8Array>);
  for await (const chunk of iterable) parts.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk);
  return { blob: new Blob(parts), fileName: name };
}

async function* readableChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}
