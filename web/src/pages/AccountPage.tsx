import { FormEvent, useState } from 'react';
import { api } from '../api/client';
import { DASHBOARD, Me, SessionList } from '../api/dashboard';
import { ErrorAlert, Notice } from '../components/Alert';
import { Field } from '../components/Field';
import { PageTitle } from '../components/PageTitle';
import { useAction } from '../lib/use-action';
import { useLoad } from '../lib/use-load';
import { describeDevice } from '../lib/user-agent';

/** Password, sign-in address and open sessions of the signed-in user. */
export function AccountPage({ me }: { me: Me }) {
  const sessions = useLoad(async () => (await api<SessionList>('GET', DASHBOARD.sessions)).items);
  const [passwords, setPasswords] = useState({ currentPassword: '', newPassword: '' });
  const [change, setChange] = useState({ newEmail: '', password: '' });
  const { act, error, notice, setNotice } = useAction(sessions.reload);
  const changePassword = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      await api('PUT', DASHBOARD.password, passwords);
      setPasswords({ currentPassword: '', newPassword: '' });
      setNotice('Password changed; your other sessions were signed out.');
    });
  };
  const changeEmail = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      await api('PUT', DASHBOARD.email, change);
      setNotice(`We sent a confirmation link to ${change.newEmail}; the address changes when you open it.`);
      setChange({ newEmail: '', password: '' });
    });
  };
  return (
    <>
      <PageTitle>Your account</PageTitle>
      <p>
        {me.name}, signed in as <strong>{me.email}</strong>.
      </p>
      {notice && <Notice>{notice}</Notice>}
      <ErrorAlert error={error} />
      <form className="card" onSubmit={changePassword}>
        <h2>Change the password</h2>
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={passwords.currentPassword}
          onChange={(e) => setPasswords({ ...passwords, currentPassword: e.target.value })}
          required
        />
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          minLength={10}
          hint="At least 10 characters."
          value={passwords.newPassword}
          onChange={(e) => setPasswords({ ...passwords, newPassword: e.target.value })}
          required
        />
        <button type="submit">Change password</button>
      </form>
      <form className="card" onSubmit={changeEmail}>
        <h2>Change the sign-in address</h2>
        <Field
          label="New address"
          type="email"
          autoComplete="email"
          value={change.newEmail}
          onChange={(e) => setChange({ ...change, newEmail: e.target.value })}
          required
        />
        <Field
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={change.password}
          onChange={(e) => setChange({ ...change, password: e.target.value })}
          required
        />
        <button type="submit">Send the confirmation link</button>
      </form>
      <section aria-labelledby="sessions-title">
        <h2 id="sessions-title">Where you are signed in</h2>
        <ErrorAlert error={sessions.error} />
        {sessions.data && (
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Sessions">
            <table>
              <thead>
                <tr>
                  <th scope="col">Device</th>
                  <th scope="col">Address</th>
                  <th scope="col">Since</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {sessions.data.map((s) => (
                  <tr key={s.sessionId}>
                    <td title={s.userAgent}>{describeDevice(s.userAgent)}</td>
                    <td>{s.address}</td>
                    <td>{new Date(s.startedAt).toLocaleString('en')}</td>
                    <td>
                      {s.current ? (
                        'This session'
                      ) : (
                        <button
                          type="button"
                          className="secondary"
                          onClick={() =>
                            void act(async () => {
                              await api('DELETE', `${DASHBOARD.sessions}/${s.sessionId}`);
                              setNotice('That session was signed out.');
                            })
                          }
                        >
                          Sign out
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
