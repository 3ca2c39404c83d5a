import { AnyJob } from '../api/v1';
import { Link } from '../router';
import { useJobStream } from '../lib/use-job-stream';
import { FilesDeleteOn } from './FilesDeleteOn';
import { ProgressBar } from './ProgressBar';

/**
 * One job of a list, kept current by its stream. The file cell reads the live job too: a job listed
 * while still Pending gets its download link once it runs, without reloading the list.
 */
export function JobRow({ job, basePath, streamPath }: { job: AnyJob; basePath: string | null; streamPath: string }) {
  const live = useJobStream<AnyJob>(streamPath, String(job.id), job).job ?? job;
  return (
    <tr>
      <td>
        {basePath ? (
          <Link to={`${basePath}/${job.id}`}>{job.fileName}</Link>
        ) : (
          <>
            {job.fileName}
            {live.status !== 'Pending' && !live.filesPurgedAt && (
              <>
                {' '}
                ·{' '}
                <a href={live.downloadPath} download>
                  Download
                </a>
              </>
            )}
          </>
        )}
        {live.status !== 'Pending' && !live.filesPurgedAt && live.finishedAt && (
          <>
            {' '}
            · <FilesDeleteOn job={live} />
          </>
        )}
      </td>
      <td>{new Date(job.createdAt).toLocaleString('en')}</td>
      <td>
        <ProgressBar view={live} label={`Progress of ${job.fileName}`} />
      </td>
      <td>{live.creditsCharged.toLocaleString('en')}</td>
    </tr>
  );
}
