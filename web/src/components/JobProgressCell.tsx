import { Job } from '../api/v1';
import { useJobStream } from '../lib/use-job-stream';
import { ProgressBar } from './ProgressBar';

export function JobProgressCell({ job, streamPath }: { job: Job; streamPath: string }) {
  const live = useJobStream<Job>(streamPath, String(job.id), job);
  return <ProgressBar view={live.job ?? job} label={`Progress of ${job.fileName}`} />;
}
