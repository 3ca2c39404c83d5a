import type { Readable } from 'node:stream';

export interface BlobInfo {
  key: string;
  size: number;
  contentType: string;
  createdAt: string;
}

/** The blob store port (GridFS in production): uploaded lists and generated files, always streamed. */
export abstract class BlobStore {
  /** Stores the stream under the key (replacing any previous blob); resolves with its size once durable. */
  abstract put(key: string, body: Readable, options?: { contentType?: string }): Promise<BlobInfo>;
  /** A stream of the blob's bytes, optionally from a byte offset; rejects when the key is unknown. */
  abstract get(key: string, options?: { start?: number }): Promise<Readable>;
  /** Metadata, or null when the key is unknown. */
  abstract stat(key: string): Promise<BlobInfo | null>;
  /** Removes the blob; returns whether it existed. */
  abstract delete(key: string): Promise<boolean>;
  /** Whether the store answers; used by /ready. */
  abstract ping(): Promise<boolean>;
  abstract close(): Promise<void>;
}

/** Raised by `get` for an unknown key. */
export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`blob not found: ${key}`);
    this.name = 'BlobNotFoundError';
  }
}
