import { AnyJob } from '../api/v1';
import { JobRow } from './JobRow';

/** Jobs newest first; running ones follow their live stream. Without basePath (finder jobs) the row offers the download itself. */
export function JobTable({
  jobs,
  basePath,
  streamPath = '/v1/jobs',
}: {
  jobs: AnyJob[];
  basePath: string | null;
  streamPath?: string;
}) {
  if (jobs.length === 0) return <p>No lists yet.</p>;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Jobs">
      <table data-testid="job-table">
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">Created</th>
            <th scope="col">Progress</th>
            <th scope="col">Credits</th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <JobRow key={job.id} job={job} basePath={basePath} streamPath={streamPath} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
