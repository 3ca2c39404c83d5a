/** The stream of one account's erasures. */
export const erasureStream = (accountId: string): string => `erasures-${accountId}`;

/** The id of a job's erasure: a job is erased once, so asking again finds the same erasure. */
export const jobErasureId = (jobId: number): string => `job-${jobId}`;
