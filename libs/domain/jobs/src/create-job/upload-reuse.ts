// The upload steps any job kind reuses (finder jobs too): store-while-validating and the public upload errors.
export { storeAndInspect } from './inspect-upload';
export type { UploadInspection } from './inspect-upload';
export { toUploadError } from './upload-errors';
export { stagedJobFile, UploadStaging } from './upload-staging';
export type { StagedUpload, StagingNames } from './upload-staging';
