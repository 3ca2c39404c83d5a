// The public surface of blobstore: the port and its two adapters (chosen in libs/infra/platform's adapter factory).
export { BlobStore, type BlobInfo } from './blob-store.port';
export { FileBlobStore } from './embedded/file-blob-store';
export { GridFsBlobStore } from './gridfs/gridfs-blob-store';
