import { FormEvent, useState } from 'react';
import { api } from '../api/client';
import { BatchVerification, V1, VerificationResult } from '../api/v1';
import { ErrorAlert } from '../components/Alert';
import { resultInfo, RESULTS } from '../lib/results';
import { PageTitle } from '../components/PageTitle';

export const MAX_PASTED = 100;

/** One address per line (commas and semicolons also split); blank lines ignored. */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[\n,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function VerifyPage({ onSpent }: { onSpent: () => void }) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<VerificationResult[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const addresses = splitAddresses(text);
  const tooMany = addresses.length > MAX_PASTED;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (addresses.length === 0 || tooMany) return;
    setBusy(true);
    setError(null);
    try {
      const answer =
        addresses.length === 1
          ? [await api<VerificationResult>('POST', V1.verifySingle, { email: addresses[0] })]
          : (await api<BatchVerification>('POST', V1.verifyBatch, { emails: addresses })).results;
      setResults(answer);
      onSpent();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageTitle>Verify addresses</PageTitle>
      <form onSubmit={submit} className="card">
        <label htmlFor="verify-input">One address, or up to {MAX_PASTED} (one per line)</label>
        <textarea
          id="verify-input"
          rows={6}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby="verify-count"
          placeholder="jane@example.com"
        />
        <p id="verify-count" className={tooMany ? 'field-error' : 'hint'}>
          {addresses.length} address{addresses.length === 1 ? '' : 'es'}
          {tooMany
            ? `: at most ${MAX_PASTED} at once; upload a list on the Lists page instead.`
            : '. One credit per decisive result; unknown and error are free.'}
        </p>
        <button type="submit" disabled={busy || addresses.length === 0 || tooMany}>
          {busy ? 'Verifying…' : 'Verify'}
        </button>
        {busy && (
          <p role="status" className="hint">
            Checking the mail servers; this can take a few seconds per address.
          </p>
        )}
      </form>
      <ErrorAlert error={error} />
      {results && (
        <section aria-labelledby="verify-results-title">
          <h2 id="verify-results-title">Results</h2>
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Verification results">
            <table data-testid="verify-results">
              <thead>
                <tr>
                  <th scope="col">Address</th>
                  <th scope="col">Result</th>
                  <th scope="col">What it means</th>
                  <th scope="col">Details</th>
                  <th scope="col">Credits</th>
                </tr>
              </thead>
              <tbody>
                {results.map((r, k) => {
                  const info = resultInfo(r.result);
                  return (
                    <tr key={k}>
                      <td>{r.email}</td>
                      <td>
                        <span className={`badge badge-${r.result}`}>{info.label}</span>
                      </td>
                      <td>
                        {info.meaning}
                        {r.didYouMean ? ` Did you mean ${r.didYouMean}?` : ''}
                      </td>
                      <td>
                        {[
                          r.subResult,
                          r.free && 'free provider',
                          r.role && 'role address',
                          r.disposable && 'disposable',
                          r.provider,
                        ]
                          .filter(Boolean)
                          .join(', ')}{' '}
                        · risk {r.riskScore}
                      </td>
                      <td>{r.creditsCharged}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
      )}
      <details className="card">
        <summary>What the results mean</summary>
        <dl>
          {RESULTS.map((r) => (
            <div key={r.name}>
              <dt>
                {r.label} <code>{r.name}</code>
              </dt>
              <dd>{r.meaning}</dd>
            </div>
          ))}
        </dl>
      </details>
    </>
  );
}
