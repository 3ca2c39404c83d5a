import { filesDeleteOn, useJobFilesRetention } from '../lib/retention';

/**
 * "Files deleted on <date>" for an ended job whose files are still kept (the in-app notice of retention),
 * marked as a warning within the last week; `sentence` makes it a paragraph that says why.
 */
export function FilesDeleteOn({
  job,
  sentence = false,
}: {
  job: { status: string; finishedAt?: string | null; filesPurgedAt?: string | null };
  sentence?: boolean;
}) {
  const on = filesDeleteOn(job, useJobFilesRetention());
  if (!on) return null;
  const soon = on.getTime() - Date.now() <= 7 * 24 * 60 * 60 * 1000;
  const date = on.toLocaleDateString('en', { year: 'numeric', month: 'short', day: 'numeric' });
  const className = soon ? 'files-expiry soon' : 'files-expiry';
  if (sentence)
    return (
      <p className={className} data-testid="files-delete-on">
        The file and its results will be deleted on {date}, under your team&apos;s data retention (Team page). Download
        what you need before then.
      </p>
    );
  return (
    <span className={className} data-testid="files-delete-on">
      Files deleted on {date}
    </span>
  );
}
