import { useState } from 'react';
import { api } from '../api/client';
import { ApiKey, ApiKeyList, CreatedKey, DASHBOARD } from '../api/dashboard';
import { ErrorAlert } from '../components/Alert';
import { CreateKeyForm } from '../components/CreateKeyForm';
import { EditKeyLimits } from '../components/EditKeyLimits';
import { KeyTable } from '../components/KeyTable';
import { PageTitle } from '../components/PageTitle';
import { SecretOnce } from '../components/SecretOnce';
import { KeyKind, kindName, SECRET_ADVICE } from '../lib/key-kinds';
import { useAction } from '../lib/use-action';
import { useLoad } from '../lib/use-load';
import { Link } from '../router';

export function KeysPage() {
  const keys = useLoad(async () => (await api<ApiKeyList>('GET', DASHBOARD.keys)).items);
  const [secret, setSecret] = useState<{ value: string; kind: KeyKind } | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const { act, error } = useAction(keys.reload);
  const rotate = (key: ApiKey) =>
    void act(async () => {
      const rotated = await api<CreatedKey>('POST', `${DASHBOARD.keys}/${key.keyId}/rotate`);
      setSecret({ value: rotated.apiKey, kind: key.kind });
    });
  const revoke = (key: ApiKey) => {
    if (window.confirm(`Revoke the key “${key.label}”? Programs using it stop working at once.`))
      void act(async () => {
        await api('DELETE', `${DASHBOARD.keys}/${key.keyId}`);
      });
  };
  const edited = keys.data?.find((key) => key.keyId === editing);
  return (
    <>
      <PageTitle>API keys</PageTitle>
      <p className="hint">
        Live and test keys are secrets: keep them on your server, never in a web page or app. A publishable key is the
        one made for web pages.
      </p>
      <CreateKeyForm run={act} onCreated={(created) => setSecret({ value: created.apiKey, kind: created.kind })} />
      {secret && (
        <SecretOnce
          label={`Your new ${kindName(secret.kind).toLowerCase()} key`}
          value={secret.value}
          advice={SECRET_ADVICE[secret.kind]}
          onDone={() => setSecret(null)}
        />
      )}
      <ErrorAlert error={error ?? keys.error} />
      {keys.data && keys.data.length === 0 && (
        <div className="card empty-state" data-testid="keys-empty">
          <h2>No API keys yet</h2>
          <p>
            You do not need a key to verify lists here: upload them on the <Link to="/lists">Lists</Link> page. Create a
            key when a program of yours should verify addresses itself: a live key for a CRM or a script, a publishable
            key for a sign-up form in a web page, a test key to try the API without spending credits. The{' '}
            <a href="/docs">API documentation</a> shows how to call it.
          </p>
        </div>
      )}
      {keys.data && keys.data.length > 0 && (
        <KeyTable keys={keys.data} onEdit={(key) => setEditing(key.keyId)} onRotate={rotate} onRevoke={revoke} />
      )}
      {edited && (
        <EditKeyLimits
          key={edited.keyId}
          apiKey={edited}
          run={act}
          onSaved={() => setEditing(null)}
          onCancel={() => setEditing(null)}
        />
      )}
    </>
  );
}
