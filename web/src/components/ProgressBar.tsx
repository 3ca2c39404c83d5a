import { describeProgress, JobProgressView } from '../lib/progress';

/** A job's progress: a native progress element plus a live text for screen readers. */
export function ProgressBar({ view, label }: { view: JobProgressView; label: string }) {
  const { percent, text } = describeProgress(view);
  return (
    <div className="progress">
      <progress max={100} value={percent} aria-label={label} aria-valuetext={text} />
      <p className="progress-text" aria-live="polite" data-testid="progress-text">
        {text}
      </p>
    </div>
  );
}
