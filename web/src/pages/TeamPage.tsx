import { FormEvent, useState } from 'react';
import { api } from '../api/client';
import { DASHBOARD, Me, Team } from '../api/dashboard';
import { ErrorAlert, Notice } from '../components/Alert';
import { Field } from '../components/Field';
import { PageTitle } from '../components/PageTitle';
import { useLoad } from '../lib/use-load';

const ROLES = [
  { value: 'member', label: 'Member: own keys, use the service' },
  { value: 'admin', label: 'Admin: also manages keys, members and billing' },
];

export function TeamPage({ me }: { me: Me }) {
  const team = useLoad(() => api<Team>('GET', DASHBOARD.team));
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('member');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const canManage = me.role === 'owner' || me.role === 'admin';
  const act = async (task: () => Promise<void>) => {
    setError(null);
    setNotice(null);
    try { await task(); await team.reload(); } catch (e) { setError(e); }
  };
  const invite = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => { await api('POST', DASHBOARD.invitations, { email, role }); setNotice(`Invitation sent to ${email}; the link works for 7 days.`); setEmail(''); });
  };
  return (
    <>
      <PageTitle>Team</PageTitle>
      <p className="hint">Everyone in the team spends the owner's credits.</p>
      {canManage && (
        <form className="card" onSubmit={invite}>
          <h2>Invite someone</h2>
          <Field label="Email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value)}>{ROLES.map((r) => <option key={r.value} value={r.value}>{r.label}</option>)}</select>
          <button type="submit">Send invitation</button>
        </form>
      )}
      {notice && <Notice>{notice}</Notice>}
      <ErrorAlert error={error ?? team.error} />
      {team.data && (
        <>
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Members">
            <table data-testid="members-table">
              <caption>Members</caption>
              <thead><tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Verifications (30 days)</th><th scope="col">Credits (30 days)</th>{canManage && <th scope="col">Actions</th>}</tr></thead>
              <tbody>
                {team.data.members.map((m) => (
                  <tr key={m.userId}>
                    <td>{m.name}</td><td>{m.email}</td>
                    <td>{canManage && m.role !== 'owner' && m.userId !== me.userId
                      ? <select aria-label={`Role of ${m.email}`} value={m.role} onChange={(e) => void act(async () => { await api('PATCH', `${DASHBOARD.team}/members/${m.userId}`, { role: e.target.value }); })}>{ROLES.map((r) => <option key={r.value} value={r.value}>{r.value}</option>)}</select>
                      : m.role}</td>
                    <td>{m.usage30d?.verifications ?? 0}</td><td>{m.usage30d?.credits ?? 0}</td>
                    {canManage && <td>{m.role !== 'owner' && m.userId !== me.userId && <button type="button" className="danger" onClick={() => { if (window.confirm(`Remove ${m.email}? Their keys stop working at once.`)) void act(async () => { await api('DELETE', `${DASHBOARD.team}/members/${m.userId}`); }); }}>Remove</button>}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {team.data.invitations.length > 0 && (
            <table>
              <caption>Open invitations</caption>
              <thead><tr><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Expires</th></tr></thead>
              <tbody>{team.data.invitations.map((i) => <tr key={i.invitationId}><td>{i.email}</td><td>{i.role}</td><td>{new Date(i.expiresAt).toLocaleDateString('en')}</td></tr>)}</tbody>
            </table>
          )}
        </>
      )}
    </>
  );
}
