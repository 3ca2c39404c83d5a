import { randomUUID } from 'node:crypto';
import { constants, createWriteStream, mkdirSync } from 'node:fs';
import { access, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobInfo, BlobNotFoundError, BlobStore } from '../blob-store.port';
import { blobFileName, metaFileName } from './blob-file-names';

type Meta = { key: string; contentType: string; createdAt: string };

/**
 * The embedded blob store: one file per blob in a flat directory, plus a JSON sidecar with its content
 * type and creation time. Writes stream into a temp file that is fsynced and renamed over the old blob, so
 * a reader sees the old bytes or the new ones, never a torn file, and a crash leaves only a stray temp file.
 */
export class FileBlobStore extends BlobStore {
  constructor(private readonly dir: string) {
    super();
    mkdirSync(dir, { recursive: true });
  }

  override async put(key: string, body: Readable, options: { contentType?: string } = {}): Promise<BlobInfo> {
    const file = this.path(key);
    const temp = `${file}.${randomUUID()}.tmp`;
    const meta: Meta = {
      key,
      contentType: options.contentType ?? 'application/octet-stream',
      createdAt: new Date().toISOString(),
    };
    try {
      await this.writeDurably(temp, body);
      await writeFile(`${temp}.meta`, JSON.stringify(meta));
      await rename(temp, file);
      await rename(`${temp}.meta`, metaFileName(file));
      await this.syncDir();
    } finally {
      await rm(temp, { force: true });
      await rm(`${temp}.meta`, { force: true });
    }
    return { ...meta, size: (await stat(file)).size };
  }

  /** Opens the file before returning, so an unknown key rejects and a concurrent replace does not cut the read. */
  override async get(key: string, options: { start?: number } = {}): Promise<Readable> {
    const handle = await open(this.path(key), 'r').catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' ? new BlobNotFoundError(key) : error;
    });
    return handle.createReadStream({ start: options.start ?? 0, autoClose: true });
  }

  /** Size comes from the data file itself, so it is right even if a crash left an old sidecar. */
  override async stat(key: string): Promise<BlobInfo | null> {
    const file = this.path(key);
    const info = await stat(file).catch(() => null);
    if (!info) return null;
    const meta = await readFile(metaFileName(file), 'utf8')
      .then((text) => JSON.parse(text) as Meta)
      .catch(() => ({ key, contentType: 'application/octet-stream', createdAt: info.mtime.toISOString() }));
    return { key, size: info.size, contentType: meta.contentType, createdAt: meta.createdAt };
  }

  override async delete(key: string): Promise<boolean> {
    const file = this.path(key);
    const existed = await stat(file).then(
      () => true,
      () => false,
    );
    await rm(file, { force: true });
    await rm(metaFileName(file), { force: true });
    return existed;
  }

  override async ping(): Promise<boolean> {
    return access(this.dir, constants.W_OK).then(
      () => true,
      () => false,
    );
  }

  override async close(): Promise<void> {
    // Nothing is held open between calls.
  }

  private path(key: string): string {
    return join(this.dir, blobFileName(key));
  }

  private async writeDurably(file: string, body: Readable): Promise<void> {
    await pipeline(body, createWriteStream(file, { flags: 'wx' }));
    // fsync before the rename: otherwise a power cut can leave the new name pointing at an empty file.
    const handle = await open(file, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** Makes the renames themselves durable. */
  private async syncDir(): Promise<void> {
    const handle = await open(this.dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }
}
