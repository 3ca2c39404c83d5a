export * from './blob-store.port';
export { FileBlobStore } from './embedded/file-blob-store';
export * from './gridfs/gridfs-blob-store';
