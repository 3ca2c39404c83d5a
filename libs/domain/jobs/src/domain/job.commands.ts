/**
 * Records that an ended job's files were deleted: under retention, because it ended more than
 * `retentionDays` before `at`; on request ("delete now", an erasure), whenever it has ended, `erasureId`
 * naming the erasure that asked. Both job kinds' deciders accept it (job-files-purge.ts decides for both).
 */
export type PurgeJobFiles =
  | { type: 'PurgeJobFiles'; reason: 'retention'; retentionDays: number; at: string }
  | { type: 'PurgeJobFiles'; reason: 'request'; erasureId: string; at: string };
