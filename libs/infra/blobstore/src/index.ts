// The public surface of blobstore: the port and its two adapters (chosen in libs/infra/platform's adapter factory).
export { BlobStore, BlobNotFoundError, type BlobInfo } from './blob-store.port';
export { FileBlobStore } from './embedded/file-blob-store';
export { GridFsBlobStore, type GridFsBlobStoreOptions } from './gridfs/gridfs-blob-store';
