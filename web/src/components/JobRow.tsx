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
  // A job whose data was deleted (retention, erasure) keeps no file name: it may have named a person.
  const name = job.fileName || `Job ${job.id}`;
  return (
    <tr>
      <td>
        {basePath ? (
          <Link to={`${basePath}/${job.id}`}>{name}</Link>
        ) : (
          <>
            {name}
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
        <ProgressBar view={live} label={`Progress of ${name}`} />
      </td>
      <td>{live.creditsCharged.toLocaleString('en')}</td>
    </tr>
  );
}
