import { FormEvent, useState } from 'react';
import { api } from '../api/client';
import { DeliveryPage, TestDelivery, V1, Webhook, WebhookWithSecret } from '../api/v1';
import { ErrorAlert, Notice } from '../components/Alert';
import { PageTitle } from '../components/PageTitle';
import { checkWebhookUrl } from '../lib/form-checks';
import { SecretOnce } from '../components/SecretOnce';
import { useAction } from '../lib/use-action';
import { useLoad } from '../lib/use-load';

const EVENTS = [
  { name: 'job.completed', label: 'A job finished (results ready)' },
  { name: 'job.failed', label: 'A job stopped before completing' },
  { name: 'job.files_expiring', label: "A job's files are deleted in 7 days, then in 1 day" },
];

function Deliveries({ id }: { id: number }) {
  const log = useLoad(() => api<DeliveryPage>('GET', `${V1.webhooks}/${id}/deliveries?pageSize=20`), [id]);
  const refresh = (
    <button type="button" className="secondary" onClick={() => void log.reload()}>
      Refresh the log
    </button>
  );
  if (log.error)
    return (
      <>
        <ErrorAlert error={log.error} />
        {refresh}
      </>
    );
  if (!log.data) return <p role="status">Loading deliveries…</p>;
  if (log.data.items.length === 0)
    return (
      <>
        <p>No deliveries yet.</p>
        {refresh}
      </>
    );
  return (
    <>
      {refresh}
      <table data-testid="delivery-log">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
          </tr>
        </thead>
        <tbody>
          {log.data.items.map((d) => (
            <tr key={d.id}>
              <td>{new Date(d.createdAt).toLocaleString('en')}</td>
              <td>{d.eventType}</td>
              <td>{d.status}</td>
              <td>{d.attempts.map((a) => `#${a.attempt}: ${a.status ?? a.error}`).join('; ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function WebhooksPage() {
  const hooks = useLoad(() => api<Webhook[]>('GET', V1.webhooks));
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['job.completed', 'job.failed']);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [urlError, setUrlError] = useState<string | null>(null);
  const { act, error, notice, setNotice } = useAction(hooks.reload);
  const create = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkWebhookUrl(url);
    setUrlError(problem);
    if (problem) return;
    void act(async () => {
      const hook = await api<WebhookWithSecret>('POST', V1.webhooks, { url, events, isActive: true });
      setSecret(hook.secret);
      setUrl('');
    });
  };
  const test = (hook: Webhook) =>
    act(async () => {
      const answer = await api<TestDelivery>('POST', `${V1.webhooks}/${hook.id}/test`);
      setNotice(
        answer.success
          ? `Test delivered: the receiver answered ${answer.statusCode} in ${answer.durationMs} ms.`
          : `Test failed: ${answer.error ?? `status ${answer.statusCode}`}.`,
      );
    });

  return (
    <>
      <PageTitle>Webhooks</PageTitle>
      <form className="card" onSubmit={create} noValidate>
        <h2>Add a webhook</h2>
        <label htmlFor="hook-url">HTTPS address that receives the events</label>
        <input
          id="hook-url"
          type="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://example.com/hooks/mailcheck"
          required
          aria-invalid={urlError ? true : undefined}
          aria-describedby={urlError ? 'hook-url-error' : undefined}
        />
        {urlError && (
          <p id="hook-url-error" className="field-error">
            {urlError}
          </p>
        )}
        <fieldset>
          <legend>Events</legend>
          {EVENTS.map((e) => (
            <span className="checkbox" key={e.name}>
              <input
                id={`ev-${e.name}`}
                type="checkbox"
                checked={events.includes(e.name)}
                onChange={() =>
                  setEvents(events.includes(e.name) ? events.filter((x) => x !== e.name) : [...events, e.name])
                }
              />
              <label htmlFor={`ev-${e.name}`}>{e.label}</label>
            </span>
          ))}
        </fieldset>
        <button type="submit" disabled={events.length === 0}>
          Add webhook
        </button>
      </form>
      {secret && <SecretOnce label="Signing secret" value={secret} onDone={() => setSecret(null)} />}
      {notice && <Notice>{notice}</Notice>}
      <ErrorAlert error={error ?? hooks.error} />
      {hooks.data && hooks.data.length === 0 && <p>No webhooks yet.</p>}
      {hooks.data?.map((hook) => (
        <section className="card" key={hook.id} aria-label={`Webhook ${hook.url}`}>
          <h2 className="break">{hook.url}</h2>
          <p>
            {hook.isActive ? 'Active' : 'Paused'} · {hook.eventNames.join(', ')}
          </p>
          <div className="actions">
            <button
              type="button"
              className="secondary"
              onClick={() =>
                void act(async () => {
                  await api('PATCH', `${V1.webhooks}/${hook.id}`, { isActive: !hook.isActive });
                })
              }
            >
              {hook.isActive ? 'Pause' : 'Activate'}
            </button>
            <button type="button" className="secondary" onClick={() => void test(hook)} disabled={!hook.isActive}>
              Send a test
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() =>
                void act(async () =>
                  setSecret((await api<WebhookWithSecret>('POST', `${V1.webhooks}/${hook.id}/rotate-secret`)).secret),
                )
              }
            >
              Rotate secret
            </button>
            <button
              type="button"
              className="secondary"
              aria-expanded={open === hook.id}
              onClick={() => setOpen(open === hook.id ? null : hook.id)}
            >
              Delivery log
            </button>
            <button
              type="button"
              className="danger"
              onClick={() => {
                if (window.confirm(`Delete the webhook to ${hook.url}?`))
                  void act(async () => {
                    await api('DELETE', `${V1.webhooks}/${hook.id}`);
                  });
              }}
            >
              Delete
            </button>
          </div>
          {open === hook.id && <Deliveries id={hook.id} />}
        </section>
      ))}
    </>
  );
}
