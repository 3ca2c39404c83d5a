import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { blobStoreContract } from '../testing/blob-store.contract';
import { FileBlobStore } from './file-blob-store';

const root = mkdtempSync(join(tmpdir(), 'blobstore-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const dir = join(root, 'blobs');

blobStoreContract('files on disk', async () => {
  const store = new FileBlobStore(dir);
  return { store, cleanup: () => store.close() };
});

describe('file blob store on disk', () => {
  it('keeps traversal keys inside its directory', async () => {
    const store = new FileBlobStore(dir);
    await store.put('../../escaped', Readable.from([Buffer.from('x')]));
    await store.put('/etc/passwd', Readable.from([Buffer.from('y')]));
    expect(readdirSync(root)).toEqual(['blobs']);
    expect(readdirSync(dir).every((name) => !name.includes('/') && !name.startsWith('.'))).toBe(true);
  });

  it('leaves no temp files behind after a failed upload', async () => {
    const store = new FileBlobStore(join(root, 'failed'));
    async function* broken() {
      yield Buffer.from('partial');
      throw new Error('boom');
    }
    await expect(store.put('k', Readable.from(broken()))).rejects.toThrow('boom');
    expect(readdirSync(join(root, 'failed'))).toEqual([]);
  });

  it('stores a key too long for a file name under its hash', async () => {
    const store = new FileBlobStore(dir);
    const key = 'k'.repeat(600);
    await store.put(key, Readable.from([Buffer.from('long')]));
    expect(await store.stat(key)).toMatchObject({ key, size: 4 });
  });
});
