export { Mailcheck, Finder, Credits, Webhooks, VerificationTokens, Erasures } from './client.js';
export type { PaidCallOptions, VerifyOptions } from './client.js';
export { Job, VerificationJobs, FinderJobs } from './jobs.js';
export type { WaitOptions, DownloadOptions, VerificationJobOptions, FinderJobOptions, PageOptions } from './jobs.js';
export { Download, safeFileName, type SaveOptions } from './download.js';
export type { UploadSource } from './upload.js';
export type { ClientOptions } from './transport.js';
export {
  MailcheckError,
  InvalidRequestError,
  AuthenticationError,
  InsufficientCreditsError,
  NotFoundError,
  RateLimitError,
  ServerError,
  ConnectionError,
  TimeoutError,
} from './errors.js';
export type * from './types.js';
