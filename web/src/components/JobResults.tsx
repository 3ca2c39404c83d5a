import { VerificationJob } from '../api/v1';
import { RESULTS } from '../lib/results';
import { sendAdvice } from '../lib/send-advice';
import { ResultChart } from './ResultChart';

/**
 * The counts a job's downloads hold: one per address when the job removes duplicates (as its download
 * does), one per row otherwise. Every number on the job page comes from here.
 */
export function shownCounts(job: VerificationJob): Record<string, number> {
  return job.dedupe ? job.addressResults : job.results;
}

/** The result chart, what each result means and what to send to, on the job page itself. */
export function JobResults({ job }: { job: VerificationJob }) {
  const counts = shownCounts(job);
  const advice = sendAdvice(counts);
  return (
    <section className="card" aria-labelledby="results-title">
      <h2 id="results-title">Results</h2>
      <ResultChart counts={counts} title={job.dedupe ? 'Rows per result, duplicates removed' : 'Rows per result'} />
      {advice.length > 0 && (
        <div className="advice" data-testid="send-advice">
          <h3>What to send to</h3>
          <ul>
            {advice.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      <details className="meanings" data-testid="result-meanings" open={advice.length > 0}>
        <summary>What the results mean</summary>
        <dl>
          {RESULTS.map((r) => (
            <div key={r.name}>
              <dt>
                <span className={`swatch swatch-${r.name}`} aria-hidden="true" />
                {r.label}
              </dt>
              <dd>{r.meaning}</dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  );
}
