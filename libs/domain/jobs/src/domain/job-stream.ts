/** Every job kind's jobs live on `jobs-<id>` (docs/contracts.md): one id space, one stream name. */
export const jobStream = (jobId: number | string): string => `jobs-${jobId}`;
