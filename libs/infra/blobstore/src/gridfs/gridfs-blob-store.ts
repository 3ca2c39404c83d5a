import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, type GridFSFile } from 'mongodb';
import { MongoConnection, type MongoConnectionOptions } from '@lib/mongo';
import { BlobNotFoundError, BlobStore, type BlobInfo } from '../blob-store.port';

export interface GridFsBlobStoreOptions extends Pick<MongoConnectionOptions, 'url' | 'dbName' | 'pingTimeoutMs'> {
  /** GridFS bucket (collections `<bucket>.files` and `<bucket>.chunks`). Default `blobs`. */
  bucketName?: string;
  /** Default 255 KiB, the GridFS default. */
  chunkSizeBytes?: number;
}

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** Newest first: a key's current blob is its latest complete upload. */
const NEWEST = { uploadDate: -1, _id: -1 } as const;

function toInfo(file: GridFSFile): BlobInfo {
  return {
    key: file.filename,
    size: file.length,
    contentType: (file.metadata?.contentType as string | undefined) ?? DEFAULT_CONTENT_TYPE,
    createdAt: file.uploadDate.toISOString(),
  };
}

/**
 * The blob store on MongoDB GridFS. Bodies are piped chunk by chunk in both directions, so a blob is
 * never held whole in memory. A key maps to a GridFS filename; a new put writes a new file first and
 * only then removes older ones, so a reader always finds a complete blob.
 */
export class GridFsBlobStore extends BlobStore {
  private readonly mongo: MongoConnection;
  private readonly bucket: GridFSBucket;

  constructor(options: GridFsBlobStoreOptions) {
    super();
    this.mongo = new MongoConnection({
      url: options.url,
      dbName: options.dbName,
      pingTimeoutMs: options.pingTimeoutMs,
    });
    this.bucket = new GridFSBucket(this.mongo.db, {
      bucketName: options.bucketName ?? 'blobs',
      // An explicit undefined would override the driver's default chunk size.
      ...(options.chunkSizeBytes ? { chunkSizeBytes: options.chunkSizeBytes } : {}),
    });
  }

  /** Streams the body into a new GridFS file, then drops the key's older files. */
  async put(key: string, body: Readable, options: { contentType?: string } = {}): Promise<BlobInfo> {
    const upload = this.bucket.openUploadStream(key, {
      metadata: { contentType: options.contentType ?? DEFAULT_CONTENT_TYPE },
    });
    try {
      await pipeline(body, upload);
    } catch (error) {
      // Removes the chunks already written for this aborted upload.
      await upload.abort().catch(() => undefined);
      throw error;
    }
    const file = upload.gridFSFile;
    if (!file) throw new Error(`GridFS upload of ${key} finished without a file document`);
    await this.removeOlderThan(file);
    return toInfo(file);
  }

  /** A stream of the current blob from `start` (default 0); rejects with BlobNotFoundError for an unknown key. */
  async get(key: string, options: { start?: number } = {}): Promise<Readable> {
    const file = await this.current(key);
    if (!file) throw new BlobNotFoundError(key);
    const start = Math.min(options.start ?? 0, file.length);
    if (start === 0) return this.bucket.openDownloadStream(file._id);
    // The driver defaults `end` to 0 and then refuses any start beyond it, so the end is given explicitly.
    return this.bucket.openDownloadStream(file._id, { start, end: file.length });
  }

  /** Metadata of the current blob, or null. */
  async stat(key: string): Promise<BlobInfo | null> {
    const file = await this.current(key);
    return file ? toInfo(file) : null;
  }

  /** Removes every file stored under the key; returns whether there was one. */
  async delete(key: string): Promise<boolean> {
    const files = await this.bucket.find({ filename: key }).toArray();
    await Promise.all(files.map((file) => this.deleteFile(file)));
    return files.length > 0;
  }

  /** True when the server answers a ping within the ping timeout. */
  ping(): Promise<boolean> {
    return this.mongo.ping();
  }

  /** Closes the connection pool. */
  close(): Promise<void> {
    return this.mongo.close();
  }

  private async current(key: string): Promise<GridFSFile | null> {
    const [file] = await this.bucket.find({ filename: key }, { sort: NEWEST, limit: 1 }).toArray();
    return file ?? null;
  }

  /**
   * Deletes the key's files that sort before `file` by (uploadDate, _id). With concurrent puts of one
   * key each writer removes only older files, so the newest upload always survives.
   */
  private async removeOlderThan(file: GridFSFile): Promise<void> {
    const older = await this.bucket
      .find({
        filename: file.filename,
        $or: [{ uploadDate: { $lt: file.uploadDate } }, { uploadDate: file.uploadDate, _id: { $lt: file._id } }],
      })
      .toArray();
    await Promise.all(older.map((old) => this.deleteFile(old)));
  }

  /** A concurrent writer may already have removed the file; that is the outcome we wanted. */
  private async deleteFile(file: GridFSFile): Promise<void> {
    await this.bucket.delete(file._id).catch((error: Error) => {
      if (!/not found|FileNotFound/i.test(error.message)) throw error;
    });
  }
}
