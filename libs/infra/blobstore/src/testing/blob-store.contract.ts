import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { BlobNotFoundError, BlobStore } from '../blob-store.port';

/**
 * What a factory returns. Every call opens a NEW client on the SAME storage (the same directory, the same
 * database): a second call must see what the first stored. Tests use unique keys, never a fresh store.
 */
export interface BlobStoreFixture {
  store: BlobStore;
  /** Closes this client; leaves the blobs in place. */
  cleanup(): Promise<void>;
}

export type BlobStoreFactory = () => Promise<BlobStoreFixture>;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A deterministic pseudo-random byte stream of `size` bytes, produced in chunks so it is never held whole. */
function generated(size: number, chunk = 64 * 1024): { stream: Readable; digest: Promise<string> } {
  const hash = createHash('sha256');
  let resolveDigest!: (d: string) => void;
  const digest = new Promise<string>((resolve) => (resolveDigest = resolve));
  async function* chunks() {
    for (let sent = 0; sent < size; sent += chunk) {
      const part = Buffer.alloc(Math.min(chunk, size - sent), sent % 251);
      hash.update(part);
      yield part;
    }
    resolveDigest(hash.digest('hex'));
  }
  return { stream: Readable.from(chunks()), digest };
}

/**
 * The behaviour every BlobStore adapter must show. Call it from an adapter's `*.local.spec.ts` (or `*.int.spec.ts` for an external server):
 * `blobStoreContract('files', async () => ({ store, cleanup }))`.
 */
export function blobStoreContract(name: string, factory: BlobStoreFactory): void {
  describe(`BlobStore contract: ${name}`, () => {
    const run = randomUUID().slice(0, 8);
    const unique = (prefix: string) => `${prefix}/${run}/${randomUUID()}`;
    let opened: BlobStoreFixture[] = [];
    const store = () => opened[0].store;
    beforeEach(async () => {
      opened = [await factory()];
    });
    afterEach(async () => {
      for (const fixture of opened.reverse()) await fixture.cleanup().catch(() => undefined);
    });

    it('stores a stream and returns its size, content type and creation time', async () => {
      const key = unique('uploads');
      const info = await store().put(key, Readable.from([Buffer.from('a,b\n'), Buffer.from('1,2\n')]), {
        contentType: 'text/csv',
      });
      expect(info).toMatchObject({ key, size: 8, contentType: 'text/csv' });
      expect(new Date(info.createdAt).toISOString()).toBe(info.createdAt);
      expect(await store().stat(key)).toEqual(info);
      expect((await readAll(await store().get(key))).toString()).toBe('a,b\n1,2\n');
    });

    it('reads from a byte offset', async () => {
      const key = unique('uploads');
      await store().put(key, Readable.from([Buffer.from('0123456789')]));
      expect((await readAll(await store().get(key, { start: 4 }))).toString()).toBe('456789');
    });

    it('replaces an existing blob', async () => {
      const key = unique('reports');
      await store().put(key, Readable.from([Buffer.from('old contents')]));
      await store().put(key, Readable.from([Buffer.from('new')]), { contentType: 'text/plain' });
      expect((await readAll(await store().get(key))).toString()).toBe('new');
      expect(await store().stat(key)).toMatchObject({ size: 3, contentType: 'text/plain' });
    });

    it('keeps the previous blob when the upload stream fails midway', async () => {
      const key = unique('reports');
      await store().put(key, Readable.from([Buffer.from('intact')]));
      async function* broken() {
        yield Buffer.from('partial');
        throw new Error('client went away');
      }
      await expect(store().put(key, Readable.from(broken()))).rejects.toThrow('client went away');
      expect((await readAll(await store().get(key))).toString()).toBe('intact');
    });

    it('reports an unknown key: get rejects, stat is null, delete is false', async () => {
      const key = unique('missing');
      await expect(store().get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
      expect(await store().stat(key)).toBeNull();
      expect(await store().delete(key)).toBe(false);
    });

    it('deletes a blob', async () => {
      const key = unique('tmp');
      await store().put(key, Readable.from([Buffer.from('x')]));
      expect(await store().delete(key)).toBe(true);
      await expect(store().get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    });

    it('keeps keys that differ only by slashes, dots or escapes apart', async () => {
      const base = unique('keys');
      const keys = [`${base}/a/b`, `${base}/a%2Fb`, `${base}/a.b`, `${base}/../a`, `${base}/ü b`];
      for (const key of keys) await store().put(key, Readable.from([Buffer.from(key)]));
      for (const key of keys) expect((await readAll(await store().get(key))).toString()).toBe(key);
    });

    it('streams a large blob in and out intact', async () => {
      const key = unique('large');
      const size = 24 * 1024 * 1024 + 17;
      const source = generated(size);
      expect((await store().put(key, source.stream)).size).toBe(size);
      const hash = createHash('sha256');
      let received = 0;
      for await (const chunk of await store().get(key)) {
        hash.update(chunk);
        received += chunk.length;
      }
      expect(received).toBe(size);
      expect(hash.digest('hex')).toBe(await source.digest);
    }, 60000);

    it('keeps blobs when the client is closed and reopened', async () => {
      const key = unique('durable');
      await store().put(key, Readable.from([Buffer.from('kept')]));
      await store().close();
      const reopened = await factory();
      opened.push(reopened);
      expect((await readAll(await reopened.store.get(key))).toString()).toBe('kept');
    });

    it('answers ping while open', async () => {
      await expect(store().ping()).resolves.toBe(true);
    });
  });
}
