/**
 * Records that an ended job's files were deleted because it ended more than `retentionDays` before `at`.
 * Both job kinds' deciders accept it (job-files-purge.ts decides for both).
 */
export type PurgeJobFiles = { type: 'PurgeJobFiles'; reason: 'retention'; retentionDays: number; at: string };
