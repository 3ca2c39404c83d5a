import type { Readable } from 'node:stream';
import { type BlobInfo, BlobStore } from '@lib/blobstore';
import type { CrashSwitch } from './crash-points';

/**
 * The app's blobs, with a handler killed at a chosen write or deletion (before it, or after it is done): an
 * erasure deletes a job's files, or rewrites them without an address. A write reaches the crash points as
 * `{ type: 'put:blob' | 'delete:blob', data: { key } }` on the stream name `blobs`.
 */
export class CrashingBlobStore extends BlobStore {
  constructor(
    private readonly inner: BlobStore,
    private readonly crash: CrashSwitch,
  ) {
    super();
  }

  put(key: string, body: Readable, options?: { contentType?: string }): Promise<BlobInfo> {
    return this.crash.around('blobs', [{ type: 'put:blob', data: { key } }], () => this.inner.put(key, body, options));
  }

  get(key: string, options?: { start?: number }): Promise<Readable> {
    return this.inner.get(key, options);
  }

  stat(key: string): Promise<BlobInfo | null> {
    return this.inner.stat(key);
  }

  delete(key: string): Promise<boolean> {
    return this.crash.around('blobs', [{ type: 'delete:blob', data: { key } }], () => this.inner.delete(key));
  }

  ping(): Promise<boolean> {
    return this.inner.ping();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
