import { Readable } from 'node:stream';
import { PayloadTooLargeError } from './csv-errors';
import { limitBytes } from './limit-bytes';

async function collect(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('byte limit', () => {
  it('passes through a source of exactly the limit', async () => {
    await expect(collect(limitBytes([Buffer.from('abc'), Buffer.from('de')], 5))).resolves.toEqual(
      Buffer.from('abcde'),
    );
  });

  it('fails with the limit as soon as one byte too many arrives, without reading further', async () => {
    let pulled = 0;
    async function* source() {
      for (; pulled < 100;) {
        pulled++;
        yield Buffer.alloc(10);
      }
    }
    const error = await collect(limitBytes(source(), 25)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayloadTooLargeError);
    expect((error as PayloadTooLargeError).maxBytes).toBe(25);
    expect(pulled).toBe(3);
  });

  it('destroys a readable stream it stops reading', async () => {
    const stream = Readable.from([Buffer.alloc(8), Buffer.alloc(8), Buffer.alloc(8)]);
    await expect(collect(limitBytes(stream, 10))).rejects.toThrow(PayloadTooLargeError);
    expect(stream.destroyed).toBe(true);
  });

  it('states the limit in megabytes in its message', () => {
    expect(new PayloadTooLargeError(50 * 1024 * 1024).message).toBe('The file is larger than the 50 MB limit');
  });
});
