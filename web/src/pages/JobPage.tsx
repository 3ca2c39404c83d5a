import { useEffect, useState } from 'react';
import { api } from '../api/client';
import { V1, VerificationJob } from '../api/v1';
import { ErrorAlert } from '../components/Alert';
import { PageTitle } from '../components/PageTitle';
import { ProgressBar } from '../components/ProgressBar';
import { JobDownloads, nothingToDownload } from '../components/JobDownloads';
import { JobResults } from '../components/JobResults';
import { FilesDeleteOn } from '../components/FilesDeleteOn';
import { DeleteJobNow } from '../components/DeleteJobNow';
import { isTerminal } from '../lib/progress';
import { useJobStream } from '../lib/use-job-stream';
import { Link } from '../router';

/** The failure a job started by an API key gets when the key's monthly credit cap leaves no credit (docs/api-keys.md). */
const KEY_CREDIT_CAP_FAILURE = 'key_credit_cap_reached';

export function JobPage({ id, onSpent }: { id: string; onSpent: () => void }) {
  // A resume starts a new generation: the page follows the job's stream again.
  const [generation, setGeneration] = useState(0);
  const { job, error } = useJobStream<VerificationJob>(V1.jobs, id, null, generation);
  const [actionError, setActionError] = useState<unknown>(null);
  const [cancelled, setCancelled] = useState<VerificationJob | null>(null);
  const shown = cancelled ?? job;
  const finished = shown !== null && isTerminal(shown.status);
  // The job's charges are final when it ends: show the new balance.
  useEffect(() => {
    if (finished) onSpent();
  }, [finished]); // eslint-disable-line react-hooks/exhaustive-deps
  // Each chunk's charge is final when recorded: the header balance follows the job as it runs.
  const charged = shown?.creditsCharged ?? 0;
  useEffect(() => {
    if (charged > 0) onSpent();
  }, [charged]); // eslint-disable-line react-hooks/exhaustive-deps
  const nothingVerified = shown !== null && nothingToDownload(shown);

  const cancel = async () => {
    if (!window.confirm('Cancel this job? Rows not yet verified are not charged.')) return;
    try {
      setCancelled(await api<VerificationJob>('DELETE', `${V1.jobs}/${id}`));
      onSpent();
    } catch (e) {
      setActionError(e);
    }
  };

  const [erased, setErased] = useState(false);
  const deleteNow = async () => {
    setActionError(null);
    try {
      await api('POST', `${V1.jobs}/${id}/erase`);
      setErased(true);
    } catch (e) {
      setActionError(e);
    }
  };

  const resume = async () => {
    setActionError(null);
    try {
      await api<VerificationJob>('POST', `${V1.jobs}/${id}/resume`);
      setCancelled(null);
      setGeneration((g) => g + 1);
    } catch (e) {
      setActionError(e);
    }
  };

  return (
    <>
      <p>
        <Link to="/lists">← All lists</Link>
      </p>
      <PageTitle>{shown ? shown.fileName || `Job ${shown.id}` : 'List'}</PageTitle>
      <ErrorAlert error={error ?? actionError} />
      {shown && (
        <>
          <section className="card" aria-labelledby="job-status">
            <h2 id="job-status">Status: {shown.status}</h2>
            <ProgressBar view={shown} label="Verification progress" />
            <p>
              {shown.counts.rows?.toLocaleString('en')} rows, {shown.counts.uniqueAddresses?.toLocaleString('en')}{' '}
              distinct addresses, {shown.counts.duplicates.toLocaleString('en')} duplicates,{' '}
              {shown.counts.invalidSyntax.toLocaleString('en')} malformed. Credits charged:{' '}
              <strong>{shown.creditsCharged.toLocaleString('en')}</strong>.
            </p>
            {shown.status === 'Failed' && (
              <p className="field-error" data-testid="failure-message">
                {shown.failureMessage ?? `Stopped: ${shown.failureReason}`}
              </p>
            )}
            {shown.resumable && (
              <p>
                <button type="button" onClick={() => void resume()}>
                  Resume
                </button>{' '}
                {shown.failureReason === KEY_CREDIT_CAP_FAILURE ? (
                  <span className="hint">
                    Needs room under the key's monthly credit cap: raise or lift it on the{' '}
                    <Link to="/keys">API keys</Link> page first.
                  </span>
                ) : (
                  <span className="hint">
                    Needs credits: <Link to="/billing">buy credits</Link> first if the balance is 0.
                  </span>
                )}
              </p>
            )}
            {!isTerminal(shown.status) && (
              <button type="button" className="danger" onClick={() => void cancel()}>
                Cancel job
              </button>
            )}
          </section>
          {nothingVerified ? (
            <p data-testid="nothing-verified">
              No row was verified before the job stopped: there is nothing to download.
            </p>
          ) : (
            <>
              <JobResults job={shown} />
              {shown.status !== 'Pending' && !shown.filesPurgedAt && !erased && <JobDownloads job={shown} />}
            </>
          )}
          {!erased && <FilesDeleteOn job={shown} sentence />}
          {erased && (
            <p role="status" data-testid="job-erased">
              The file, its results and every address in it are being erased; the job&apos;s counts and charges stay.
            </p>
          )}
          {finished && !shown.filesPurgedAt && !erased && <DeleteJobNow onDelete={deleteNow} />}
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
