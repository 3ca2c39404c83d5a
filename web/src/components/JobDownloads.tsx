import { useState } from 'react';
import { VerificationJob } from '../api/v1';
import { downloadHref, RESULT_COLUMNS, RESULT_PRESETS, rowsFor, simpleDownloadHref } from '../lib/download-link';
import { isTerminal } from '../lib/progress';
import { RESULTS } from '../lib/results';
import { shownCounts } from './JobResults';

/** A job that ended before any row was verified (cancelled or failed at 0): there is no file to offer. */
export function nothingToDownload(job: Pick<VerificationJob, 'status' | 'progress'>): boolean {
  return isTerminal(job.status) && job.progress.processedRows === 0;
}

const toggle = (list: string[], value: string) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

const rowsText = (rows: number) => `${rows.toLocaleString('en')} ${rows === 1 ? 'row' : 'rows'}`;

/**
 * The job's downloads. Quick downloads hold the original columns plus one "Email status" column in the
 * page's words, and each says how many rows it holds (the chart's numbers); every result column is one
 * click away under "All columns".
 */
export function JobDownloads({ job }: { job: VerificationJob }) {
  const [results, setResults] = useState<string[]>(RESULTS.map((r) => r.name));
  const [columns, setColumns] = useState<string[]>([...RESULT_COLUMNS]);
  const counts = shownCounts(job);
  return (
    <section className="card" aria-labelledby="download-title">
      <h2 id="download-title">Download</h2>
      {job.status !== 'Completed' && (
        <p className="hint">The job is not complete: the file holds the rows verified so far.</p>
      )}
      <p className="hint">
        Your original columns plus one <q>Email status</q> column, in the words above
        {job.dedupe ? ', one row per address' : ''}.
      </p>
      <ul className="download-links">
        {RESULT_PRESETS.map((preset) => (
          <li key={preset.id}>
            <a
              className="button"
              href={simpleDownloadHref(job.downloadPath, preset.results)}
              download
              data-testid={`download-${preset.id}`}
            >
              {preset.label} <span className="count">({rowsText(rowsFor(counts, preset.results))})</span>
            </a>
          </li>
        ))}
      </ul>
      <details className="all-columns">
        <summary>All columns: choose results and technical columns</summary>
        <fieldset>
          <legend>Rows with these results</legend>
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
            href={downloadHref(job.downloadPath, results, columns)}
            download
            data-testid="download-custom"
          >
            Download with these columns ({rowsText(rowsFor(counts, results))})
          </a>
        )}
      </details>
    </section>
  );
}
