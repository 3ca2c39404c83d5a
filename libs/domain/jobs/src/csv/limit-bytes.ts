import { Readable } from 'node:stream';
import { PayloadTooLargeError } from './csv-errors';

/**
 * Passes chunks through until more than `maxBytes` have arrived, then throws
 * `PayloadTooLargeError` without yielding the chunk that crossed the limit. Throwing ends
 * the `for await` over `source`, which destroys a Readable, so nothing further is read.
 */
export async function* limitBytes(
  source: AsyncIterable<Buffer | string> | Iterable<Buffer | string> | Readable,
  maxBytes: number,
): AsyncGenerator<Buffer> {
  let received = 0;
  for await (const piece of source) {
    const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
    received += chunk.length;
    if (received > maxBytes) throw new PayloadTooLargeError(maxBytes);
    yield chunk;
  }
}
