import type { Decider } from '@lib/common';
import type { JobKind } from './job.events';

// Event type strings are stored forever: never rename one; add a new type and an upcaster.

const DAY_MS = 24 * 60 * 60 * 1000;

/** How many days before a job's files go its account is told, longest first. */
export const EXPIRY_NOTICE_DAYS = [7, 1] as const;

/**
 * The account was told that this job's files, results and sealed rows are deleted on `deleteOn` (about
 * `daysLeft` days after `noticedAt`): in the app, and by the `job.files_expiring` webhook. One per
 * threshold at most, on a stream of the job's own (the job's stream is read from its last event).
 */
export type JobFilesExpiring = {
  type: 'JobFilesExpiring';
  data: {
    jobId: number;
    accountId: string;
    kind: JobKind;
    daysLeft: number;
    deleteOn: string;
    retentionDays: number;
    noticedAt: string;
  };
};

/** Tell the account, if a notice is due at `at`, that the job that ended at `finishedAt` loses its files. */
export type NoticeFilesExpiry = {
  type: 'NoticeFilesExpiry';
  jobId: number;
  accountId: string;
  kind: JobKind;
  finishedAt: string;
  retentionDays: number;
  at: string;
};

/** The thresholds already noticed, smallest last. */
export type FilesExpiryNotices = { noticed: number[] };

export const filesExpiryNoticeStream = (jobId: number): string => `jobnotices-${jobId}`;

/** When an ended job's files go under a retention of `days` (0: never). */
export const filesDeleteOn = (finishedAt: string, days: number): string | null =>
  days > 0 ? new Date(Date.parse(finishedAt) + days * DAY_MS).toISOString() : null;

/**
 * The notice due at `at`: the smallest threshold the time left has reached, unless that one or a smaller
 * one was noticed already (a sweep that was late sends the 1-day notice alone, never a stale 7-day one).
 * Nothing once the files are due (the purge is then the news) or when they are kept.
 */
export const filesExpiryDecider: Decider<NoticeFilesExpiry, JobFilesExpiring, FilesExpiryNotices> = {
  initialState: { noticed: [] },
  decide(command, state) {
    const deleteOn = filesDeleteOn(command.finishedAt, command.retentionDays);
    if (deleteOn === null) return [];
    const left = Date.parse(deleteOn) - Date.parse(command.at);
    const due = EXPIRY_NOTICE_DAYS.filter((days) => left > 0 && left <= days * DAY_MS).at(-1);
    if (due === undefined || state.noticed.some((days) => days <= due)) return [];
    const { jobId, accountId, kind, retentionDays, at } = command;
    return [
      {
        type: 'JobFilesExpiring',
        data: { jobId, accountId, kind, daysLeft: due, deleteOn, retentionDays, noticedAt: at },
      },
    ];
  },
  evolve: (state, event) => ({ noticed: [...state.noticed, event.data.daysLeft] }),
};
