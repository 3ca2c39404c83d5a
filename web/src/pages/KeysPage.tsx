import { FormEvent, useState } from 'react';
import { api } from '../api/client';
import { ApiKeyList, CreatedKey, DASHBOARD } from '../api/dashboard';
import { EditKeyLimits } from '../components/EditKeyLimits';
import { KeyLimitsFields } from '../components/KeyLimitsFields';
import {
  checkKeyLimits,
  describeAddresses,
  describeCap,
  describeScopes,
  KeyLimitsForm,
  limitsBody,
  NO_LIMITS,
} from '../lib/key-limits';
import { ErrorAlert } from '../components/Alert';
import { Field } from '../components/Field';
import { PageTitle } from '../components/PageTitle';
import { checkKeyLabel } from '../lib/form-checks';
import { SecretOnce } from '../components/SecretOnce';
import { useAction } from '../lib/use-action';
import { useLoad } from '../lib/use-load';
import { Link } from '../router';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en') : 'never');

export function KeysPage() {
  const keys = useLoad(async () => (await api<ApiKeyList>('GET', DASHBOARD.keys)).items);
  const [label, setLabel] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [labelError, setLabelError] = useState<string | null>(null);
  const [limits, setLimits] = useState<KeyLimitsForm>(NO_LIMITS);
  const [limitsError, setLimitsError] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const { act, error } = useAction(keys.reload);
  const create = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkKeyLabel(label);
    const limitsProblem = checkKeyLimits(limits);
    setLabelError(problem);
    setLimitsError(limitsProblem);
    if (problem || limitsProblem) return;
    void act(async () => {
      setSecret((await api<CreatedKey>('POST', DASHBOARD.keys, { label, ...limitsBody(limits) })).apiKey);
      setLabel('');
      setLimits(NO_LIMITS);
    });
  };
  return (
    <>
      <PageTitle>API keys</PageTitle>
      <p className="hint">A key spends your team's credits: keep it on your server, never in a web page or app.</p>
      <form className="card" onSubmit={create} noValidate>
        <Field
          error={labelError}
          label="Label for the new key"
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          placeholder="CRM sync"
          maxLength={100}
          hint="What uses the key, so you know which one to revoke later."
        />
        <KeyLimitsFields value={limits} onChange={setLimits} error={limitsError} />
        <button type="submit">Create key</button>
      </form>
      {secret && <SecretOnce label="Your new API key" value={secret} onDone={() => setSecret(null)} />}
      <ErrorAlert error={error ?? keys.error} />
      {keys.data && keys.data.length === 0 && (
        <div className="card empty-state" data-testid="keys-empty">
          <h2>No API keys yet</h2>
          <p>
            You do not need a key to verify lists here: upload them on the <Link to="/lists">Lists</Link> page. Create a
            key when a program of yours (a CRM, a sign-up form, a script) should verify addresses itself; the{' '}
            <a href="/docs">API documentation</a> shows how to call it.
          </p>
        </div>
      )}
      {keys.data && keys.data.length > 0 && (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="API keys">
          <table data-testid="keys-table">
            <thead>
              <tr>
                <th scope="col">Label</th>
                <th scope="col">Key id</th>
                <th scope="col">Made by</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Can do</th>
                <th scope="col">From</th>
                <th scope="col">Monthly cap</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((key) => (
                <tr key={key.keyId}>
                  <td>{key.label}</td>
                  <td>
                    <code>{key.keyId}</code>
                    {key.revokedAt
                      ? ` (revoked ${when(key.revokedAt)})`
                      : key.rotatedAt
                        ? ` (rotated ${when(key.rotatedAt)})`
                        : ''}
                  </td>
                  <td>{key.owner?.email ?? 'an operator'}</td>
                  <td>{when(key.createdAt)}</td>
                  <td>{when(key.lastUsedAt)}</td>
                  <td data-testid="key-scopes">{describeScopes(key)}</td>
                  <td data-testid="key-addresses">{describeAddresses(key)}</td>
                  <td data-testid="key-cap">{describeCap(key)}</td>
                  <td className="actions">
                    {!key.revokedAt && (
                      <>
                        <button type="button" className="secondary" onClick={() => setEditing(key.keyId)}>
                          Limits
                        </button>
                        <button
                          type="button"
                          className="secondary"
                          onClick={() =>
                            void act(async () =>
                              setSecret(
                                (await api<CreatedKey>('POST', `${DASHBOARD.keys}/${key.keyId}/rotate`)).apiKey,
                              ),
                            )
                          }
                        >
                          Rotate
                        </button>
                        <button
                          type="button"
                          className="danger"
                          onClick={() => {
                            if (
                              window.confirm(`Revoke the key “${key.label}”? Programs using it stop working at once.`)
                            )
                              void act(async () => {
                                await api('DELETE', `${DASHBOARD.keys}/${key.keyId}`);
                              });
                          }}
                        >
                          Revoke
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing &&
        keys.data
          ?.filter((key) => key.keyId === editing)
          .map((key) => (
            <EditKeyLimits
              key={key.keyId}
              apiKey={key}
              onCancel={() => setEditing(null)}
              onSave={(body) =>
                void act(async () => {
                  await api('PATCH', `${DASHBOARD.keys}/${key.keyId}`, body);
                  setEditing(null);
                })
              }
            />
          ))}
    </>
  );
}
