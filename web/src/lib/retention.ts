import { useEffect, useState } from 'react';
import { api } from '../api/client';
import { DASHBOARD, Retention } from '../api/dashboard';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an ended job's files go under the team's job files retention; null while running, once gone, or when kept. */
export function filesDeleteOn(
  job: { status: string; finishedAt?: string | null; filesPurgedAt?: string | null },
  jobFilesDays: number | null,
): Date | null {
  if (!jobFilesDays || !job.finishedAt || job.filesPurgedAt) return null;
  if (!['Completed', 'Failed', 'Cancelled'].includes(job.status)) return null;
  return new Date(Date.parse(job.finishedAt) + jobFilesDays * DAY_MS);
}

let shared: Promise<Retention> | null = null;

/** The team's job files retention in days (read once per page load; a change on the Team page reloads it). */
export function useJobFilesRetention(): number | null {
  const [days, setDays] = useState<number | null>(null);
  useEffect(() => {
    shared ??= api<Retention>('GET', DASHBOARD.retention);
    let live = true;
    shared.then((retention) => live && setDays(retention.jobFilesDays)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return days;
}

/** After the team chose another retention: the next page reads it again. */
export function forgetRetention(): void {
  shared = null;
}
