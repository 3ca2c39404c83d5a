import { useState } from 'react';
import { api, ApiError, upload } from '../api/client';
import { ErrorCode } from '../api/generated/error-codes';
import { V1, VerificationJob, VerificationJobPage } from '../api/v1';
import { ErrorAlert } from '../components/Alert';
import { DropZone } from '../components/DropZone';
import { JobTable } from '../components/JobTable';
import { PageTitle } from '../components/PageTitle';
import { UploadPreview } from '../components/UploadPreview';
import { affordability, CostEstimate, estimateCost } from '../lib/cost';
import { CsvPreview, PREVIEW_BYTES, previewCsv } from '../lib/csv-preview';
import { ListFileRead, readListFile } from '../lib/list-file';
import { ListFileNotes } from '../components/ListFileNotes';
import { useUploadLimits } from '../lib/upload-limits';
import { useLoad } from '../lib/use-load';
import { Link, useRouter } from '../router';

/** The earlier job of the same file and options (the upload's 409, code 3021). */
interface DuplicateOf {
  jobId: number;
  createdAt: string;
}

interface Chosen {
  file: File;
  text: string;
  preview: CsvPreview;
  read: ListFileRead;
}

export function ListsPage({ balance, onSpent }: { balance: number | null; onSpent: () => void }) {
  const { navigate } = useRouter();
  const jobs = useLoad(() => api<VerificationJobPage>('GET', `${V1.jobs}?pageSize=50`));
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [emailColumn, setEmailColumn] = useState<number | null>(null);
  // On by default: a marketer rarely wants the same address twice in the file they re-import.
  const [dedupe, setDedupe] = useState(true);
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [duplicate, setDuplicate] = useState<DuplicateOf | null>(null);
  const limits = useUploadLimits();

  const choose = async (file: File, sheet?: string) => {
    setError(null);
    setDuplicate(null);
    try {
      const read = await readListFile(file, sheet);
      const preview = previewCsv(read.text, read.complete);
      setChosen({ file, text: read.text, preview, read });
      setEmailColumn(preview.emailColumn);
    } catch (e) {
      setChosen(null);
      setError(e);
    }
  };

  const cost: CostEstimate | null =
    chosen && emailColumn !== null
      ? estimateCost(
          chosen.text,
          chosen.preview.delimiter,
          chosen.preview.hasHeader,
          emailColumn,
          chosen.read.kind === 'xlsx' ? chosen.text.length : Math.min(chosen.file.size, PREVIEW_BYTES),
          chosen.read.kind === 'xlsx' ? chosen.text.length : chosen.file.size,
          chosen.preview.complete,
        )
      : null;
  const money = cost ? affordability(cost.credits, balance) : null;

  // allowDuplicate: the user saw that this file was verified recently and chose to verify (and pay) again.
  const start = async (allowDuplicate = false) => {
    if (!chosen || emailColumn === null) return;
    const form = new FormData();
    form.append('emailColumn', String(emailColumn));
    form.append('dedupe', String(dedupe));
    if (chosen.read.sheet) form.append('sheet', chosen.read.sheet); // before the file: read as it arrives
    if (allowDuplicate) form.append('allowDuplicate', 'true');
    form.append('file', chosen.file, chosen.file.name);
    setSent(0);
    setError(null);
    setDuplicate(null);
    try {
      const job = await upload<VerificationJob>(V1.jobs, form, (done, total) =>
        setSent(total ? Math.floor((done / total) * 100) : 0),
      );
      onSpent();
      navigate(`/lists/${job.id}`);
    } catch (e) {
      setSent(null);
      if (e instanceof ApiError && e.code === ErrorCode.DUPLICATE_UPLOAD && e.details.duplicateOf)
        setDuplicate(e.details.duplicateOf as DuplicateOf);
      else setError(e);
    }
  };

  return (
    <>
      <PageTitle>Lists</PageTitle>
      <section className="card" aria-labelledby="upload-title">
        <h2 id="upload-title">Verify a list</h2>
        <DropZone onFile={(f) => void choose(f)} label="Choose a file (CSV, TXT or Excel)" />
        {limits && (
          <p data-testid="address-limit">
            A list may hold up to {limits.maxUniqueEmails.toLocaleString('en')} unique addresses.
          </p>
        )}
        {chosen && (
          <>
            <p>
              <strong>{chosen.file.name}</strong>, {(chosen.file.size / 1024).toFixed(1)} KB
              {chosen.preview.complete ? `, ${chosen.preview.rowsRead.toLocaleString('en')} rows` : ''}
            </p>
            <ListFileNotes read={chosen.read} onSheet={(sheet) => void choose(chosen.file, sheet)} />
            <UploadPreview
              preview={chosen.preview}
              emailColumn={emailColumn}
              onColumnChange={(column) => {
                setEmailColumn(column);
                setDuplicate(null); // other options: not the same upload
              }}
            />
            <div className="checkbox">
              <input
                id="dedupe"
                type="checkbox"
                checked={dedupe}
                onChange={(e) => {
                  setDedupe(e.target.checked);
                  setDuplicate(null);
                }}
              />
              <label htmlFor="dedupe">
                Remove duplicate addresses from the download (a repeated address is never charged twice either way)
              </label>
            </div>
            {cost && money && (
              <p className={money.enough ? 'cost' : 'cost field-error'} data-testid="cost">
                Cost: {cost.exact ? 'at most' : 'about'} <strong>{cost.credits.toLocaleString('en')}</strong> credits
                (one per distinct address; a malformed address is verified as invalid and costs 1 credit like any
                invalid; empty cells, repeats, unknown and error results are free). Balance:{' '}
                <strong>{balance === null ? '…' : balance.toLocaleString('en')}</strong>.
                {!money.enough &&
                  ` You are ${money.shortBy.toLocaleString('en')} credits short: the job verifies what the balance pays for, then stops; buy credits on the Billing page and resume it from where it stopped.`}
              </p>
            )}
            {duplicate ? (
              <div className="card" role="alert" data-testid="duplicate-notice">
                <p>
                  You uploaded this same file with the same options on{' '}
                  {new Date(duplicate.createdAt).toLocaleString('en')}. Starting it again verifies every address again
                  and charges for it again.
                </p>
                <p>
                  <Link to={`/lists/${duplicate.jobId}`}>Open the earlier results</Link>{' '}
                  <button type="button" onClick={() => void start(true)} disabled={sent !== null}>
                    Verify and charge again
                  </button>
                </p>
              </div>
            ) : (
              <button type="button" onClick={() => void start()} disabled={emailColumn === null || sent !== null}>
                Start verification
              </button>
            )}
            {sent !== null && <p role="status">Uploading: {sent} %</p>}
          </>
        )}
        <ErrorAlert error={error} />
      </section>
      <section aria-labelledby="jobs-title">
        <h2 id="jobs-title">Your lists</h2>
        <ErrorAlert error={jobs.error} />
        {jobs.data && <JobTable jobs={jobs.data.items} basePath="/lists" />}
      </section>
    </>
  );
}
