import { FormEvent, useState } from 'react';
import { api, upload } from '../api/client';
import { FinderBatch, FinderBatchItem, FinderJob, FinderJobPage, FinderResult, V1 } from '../api/v1';
import { ErrorAlert } from '../components/Alert';
import { DropZone } from '../components/DropZone';
import { JobTable } from '../components/JobTable';
import { PageTitle } from '../components/PageTitle';
import { useLoad } from '../lib/use-load';

export interface Contact {
  firstName: string;
  lastName: string;
  domain: string;
}

/** Pasted lines "First Last, domain.com" (or "First, Last, domain.com"); a line without a domain is reported, not sent. */
export function parseContacts(text: string): { contacts: Contact[]; bad: number[] } {
  const contacts: Contact[] = [];
  const bad: number[] = [];
  text.split('\n').forEach((line, k) => {
    const parts = line
      .split(/[,;\t]/)
      .map((s) => s.trim())
      .filter(Boolean);
    if (parts.length === 0) return;
    const domain = parts[parts.length - 1];
    const names = parts.length === 2 ? parts[0].split(/\s+/) : parts.slice(0, -1);
    if (parts.length < 2 || !domain.includes('.')) {
      bad.push(k + 1);
      return;
    }
    contacts.push({ firstName: names[0] ?? '', lastName: names.slice(1).join(' '), domain });
  });
  return { contacts, bad };
}

function FinderRow({ result }: { result: FinderBatchItem }) {
  const person = `${result.input.firstName} ${result.input.lastName} @ ${result.input.domain}`.trim();
  if (result.error !== null)
    return (
      <tr>
        <td>{person}</td>
        <td colSpan={3} className="field-error">
          {result.error.message} (code {result.error.code})
        </td>
      </tr>
    );
  return (
    <tr>
      <td>{person}</td>
      <td>{result.email ?? 'Not found'}</td>
      <td>
        {result.quality ?? ''} {result.result ? `(${result.result})` : ''}
      </td>
      <td>{result.confidence}</td>
    </tr>
  );
}

export function FinderPage({ onSpent }: { onSpent: () => void }) {
  const [one, setOne] = useState<Contact>({ firstName: '', lastName: '', domain: '' });
  const [oneResult, setOneResult] = useState<FinderResult | null>(null);
  const [batchText, setBatchText] = useState('');
  const [batch, setBatch] = useState<FinderBatch | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const jobs = useLoad(() => api<FinderJobPage>('GET', `${V1.finderJobs}?pageSize=20`));
  const parsed = parseContacts(batchText);

  const run = async (what: string, task: () => Promise<void>) => {
    setBusy(what);
    setError(null);
    try {
      await task();
      onSpent();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };
  const findOne = (event: FormEvent) => {
    event.preventDefault();
    void run('one', async () => setOneResult(await api<FinderResult>('POST', V1.finderSingle, one)));
  };
  const findBatch = (event: FormEvent) => {
    event.preventDefault();
    void run('batch', async () =>
      setBatch(await api<FinderBatch>('POST', V1.finderBatch, { contacts: parsed.contacts })),
    );
  };
  const uploadFile = (file: File) =>
    void run('file', async () => {
      const form = new FormData();
      form.append('file', file, file.name);
      setUploadPercent(0);
      try {
        await upload<FinderJob>(V1.finderJobs, form, (done, total) =>
          setUploadPercent(total ? Math.floor((done / total) * 100) : 0),
        );
        await jobs.reload();
      } finally {
        setUploadPercent(null);
      }
    });

  return (
    <>
      <PageTitle>Find addresses</PageTitle>
      <p className="hint">10 credits when an address is found; a miss is free.</p>
      <ErrorAlert error={error} />
      <form className="card" onSubmit={findOne} aria-labelledby="finder-one">
        <h2 id="finder-one">One person</h2>
        <div className="row">
          <div>
            <label htmlFor="f-first">First name</label>
            <input
              id="f-first"
              value={one.firstName}
              onChange={(e) => setOne({ ...one, firstName: e.target.value })}
              autoComplete="off"
            />
          </div>
          <div>
            <label htmlFor="f-last">Last name</label>
            <input
              id="f-last"
              value={one.lastName}
              onChange={(e) => setOne({ ...one, lastName: e.target.value })}
              autoComplete="off"
            />
          </div>
          <div>
            <label htmlFor="f-domain">Company domain</label>
            <input
              id="f-domain"
              value={one.domain}
              onChange={(e) => setOne({ ...one, domain: e.target.value })}
              placeholder="example.com"
              required
            />
          </div>
        </div>
        <button type="submit" disabled={busy !== null}>
          {busy === 'one' ? 'Searching…' : 'Find'}
        </button>
        {oneResult && (
          <p role="status" data-testid="finder-one-result">
            {oneResult.email ? (
              <>
                Found <strong>{oneResult.email}</strong> ({oneResult.quality}, confidence {oneResult.confidence})
              </>
            ) : (
              `No address found (${oneResult.reason}).`
            )}
          </p>
        )}
      </form>
      <form className="card" onSubmit={findBatch} aria-labelledby="finder-batch">
        <h2 id="finder-batch">A pasted batch (up to 100)</h2>
        <label htmlFor="f-batch">One person per line: “First Last, domain.com”</label>
        <textarea
          id="f-batch"
          rows={5}
          value={batchText}
          onChange={(e) => setBatchText(e.target.value)}
          aria-describedby="f-batch-hint"
        />
        <p id="f-batch-hint" className={parsed.bad.length ? 'field-error' : 'hint'}>
          {parsed.contacts.length} people
          {parsed.bad.length ? `; lines ${parsed.bad.join(', ')} need a name and a domain` : ''}
        </p>
        <button type="submit" disabled={busy !== null || parsed.contacts.length === 0 || parsed.contacts.length > 100}>
          {busy === 'batch' ? 'Searching…' : 'Find all'}
        </button>
        {batch && (
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Finder batch results">
            <table>
              <caption>
                {batch.summary.found.toLocaleString('en')} found, {batch.summary.notFound.toLocaleString('en')} not
                found, {batch.summary.creditsCharged.toLocaleString('en')} credits
              </caption>
              <thead>
                <tr>
                  <th scope="col">Person</th>
                  <th scope="col">Address</th>
                  <th scope="col">Quality</th>
                  <th scope="col">Confidence</th>
                </tr>
              </thead>
              <tbody>
                {batch.results.map((r) => (
                  <FinderRow key={r.index} result={r} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </form>
      <section className="card" aria-labelledby="finder-file">
        <h2 id="finder-file">A file of people</h2>
        <p className="hint">
          A CSV with a domain column and first name (or full name) and/or last name columns; the columns are detected
          from the header. A row with only a last name is looked up as last@.
        </p>
        <DropZone onFile={uploadFile} label="Choose a CSV or Excel file" />
        {uploadPercent !== null && <p role="status">Uploading: {uploadPercent} %</p>}
        <ErrorAlert error={jobs.error} />
        {jobs.data && <JobTable jobs={jobs.data.items} basePath={null} streamPath={V1.finderJobs} />}
      </section>
    </>
  );
}
