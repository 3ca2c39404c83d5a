import { useEffect, useState } from 'react';
import { api } from '../api/client';
import { V1, VerificationJob } from '../api/v1';
import { ErrorAlert } from '../components/Alert';
import { PageTitle } from '../components/PageTitle';
import { ProgressBar } from '../components/ProgressBar';
import { ResultChart } from '../components/ResultChart';
import { downloadHref, RESULT_COLUMNS, RESULT_PRESETS } from '../lib/download-link';
import { isTerminal } from '../lib/progress';
import { RESULTS } from '../lib/results';
import { useJobStream } from '../lib/use-job-stream';
import { Link } from '../router';

export function JobPage({ id, onSpent }: { id: string; onSpent: () => void }) {
  const { job, error } = useJobStream<VerificationJob>(V1.jobs, id, null);
  const [results, setResults] = useState<string[]>(RESULTS.map((r) => r.name));
  const [columns, setColumns] = useState<string[]>([...RESULT_COLUMNS]);
  const [actionError, setActionError] = useState<unknown>(null);
  const [cancelled, setCancelled] = useState<VerificationJob | null>(null);
  const shown = cancelled ?? job;
  const finished = shown !== null && isTerminal(shown.status);
  // The job's charges are final when it ends: show the new balance.
  useEffect(() => {
    if (finished) onSpent();
  }, [finished]); // eslint-disable-line react-hooks/exhaustive-deps

  const cancel = async () => {
    if (!window.confirm('Cancel this job? Rows not yet verified are not charged.')) return;
    try {
      setCancelled(await api<VerificationJob>('DELETE', `${V1.jobs}/${id}`));
      onSpent();
    } catch (e) {
      setActionError(e);
    }
  };
  const toggle = (list: string[], value: string) =>
    list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

  return (
    <>
      <p>
        <Link to="/lists">← All lists</Link>
      </p>
      <PageTitle>{shown ? shown.fileName : 'List'}</PageTitle>
      <ErrorAlert error={error ?? actionError} />
      {shown && (
        <>
          <section className="card" aria-labelledby="job-status">
            <h2 id="job-status">Status: {shown.status}</h2>
            <ProgressBar view={shown} label="Verification progress" />
            <p>
              {shown.counts.rows?.toLocaleString('en')} rows, {shown.counts.uniqueAddresses?.toLocaleString('en')}{' '}
              distinct addresses, {shown.counts.duplicates} duplicates, {shown.counts.invalidSyntax} malformed. Credits
              charged: <strong>{shown.creditsCharged}</strong>.
            </p>
            {shown.failureReason && (
              <p className="field-error">
                Stopped:{' '}
                {shown.failureReason === 'insufficient_credits'
                  ? 'the balance ran out. Buy credits and upload the list again.'
                  : shown.failureReason}
              </p>
            )}
            {!isTerminal(shown.status) && (
              <button type="button" className="danger" onClick={() => void cancel()}>
                Cancel job
              </button>
            )}
          </section>
          <section className="card">
            <ResultChart counts={shown.results ?? {}} title="Results" />
          </section>
          {shown.status !== 'Pending' && !shown.filesPurgedAt && (
            <section className="card" aria-labelledby="download-title">
              <h2 id="download-title">Download</h2>
              {shown.status !== 'Completed' && (
                <p className="hint">The job is not complete: the file holds the rows verified so far.</p>
              )}
              <ul className="download-links">
                {RESULT_PRESETS.map((preset) => (
                  <li key={preset.id}>
                    <a
                      className="button"
                      href={downloadHref(shown.downloadPath, [...preset.results], columns)}
                      download
                      data-testid={`download-${preset.id}`}
                    >
                      {preset.label}
                    </a>
                  </li>
                ))}
              </ul>
              <fieldset>
                <legend>Custom: rows with these results</legend>
                {RESULTS.map((r) => (
                  <span className="checkbox" key={r.name}>
                    <input
                      id={`want-${r.name}`}
                      type="checkbox"
                      checked={results.includes(r.name)}
                      onChange={() => setResults(toggle(results, r.name))}
                    />
                    <label htmlFor={`want-${r.name}`}>{r.label}</label>
                  </span>
                ))}
              </fieldset>
              <fieldset>
                <legend>Result columns to add</legend>
                {RESULT_COLUMNS.map((c) => (
                  <span className="checkbox" key={c}>
                    <input
                      id={`col-${c}`}
                      type="checkbox"
                      checked={columns.includes(c)}
                      onChange={() => setColumns(toggle(columns, c))}
                    />
                    <label htmlFor={`col-${c}`}>{c}</label>
                  </span>
                ))}
              </fieldset>
              {results.length === 0 ? (
                <p className="field-error">Choose at least one result.</p>
              ) : (
                <a
                  className="button"
                  href={downloadHref(shown.downloadPath, results, columns)}
                  download
                  data-testid="download-custom"
                >
                  Download custom selection
                </a>
              )}
            </section>
          )}
          {shown.filesPurgedAt && (
            <p>
              The file and its results were deleted on {new Date(shown.filesPurgedAt).toLocaleDateString('en')} under
              the retention policy.
            </p>
          )}
        </>
      )}
    </>
  );
}
