// The upload steps any job kind reuses (finder jobs too): store-while-validating and the public upload errors.
export { storeAndInspect } from './create-job/inspect-upload';
export type { UploadInspection } from './create-job/inspect-upload';
export { toUploadError } from './create-job/upload-errors';
export { stagedJobFile, UploadStaging } from './create-job/upload-staging';
export type { StagedUpload, StagingNames } from './create-job/upload-staging';
