import { FormEvent, useState } from 'react';
import { api } from '../api/client';
import {
  ClosedAccount,
  DASHBOARD,
  ErasureReceipt,
  Invitation,
  Me,
  PendingInviteList,
  RemovedMember,
  Team,
  Usage,
} from '../api/dashboard';
import { CloseAccountForm } from '../components/CloseAccountForm';
import { EraseAddressForm } from '../components/EraseAddressForm';
import { ErrorAlert, Notice } from '../components/Alert';
import { Field } from '../components/Field';
import { PendingInvites } from '../components/PendingInvites';
import { RetentionSettings } from '../components/RetentionSettings';
import { PageTitle } from '../components/PageTitle';
import { useAction } from '../lib/use-action';
import { useLoad } from '../lib/use-load';

const ROLES = [
  { value: 'member', label: 'Member: makes their own keys, spends the team balance' },
  { value: 'admin', label: 'Admin: also manages keys, members and billing' },
];

export function TeamPage({ me }: { me: Me }) {
  const team = useLoad(() => api<Team>('GET', DASHBOARD.team));
  const usage = useLoad(() => api<Usage>('GET', `${DASHBOARD.usage}?days=30`));
  const usageOf = (userId: string) => usage.data?.byMember.find((m) => m.userId === userId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('member');
  const canManage = team.data?.role === 'owner' || team.data?.role === 'admin';
  // Only owners and admins may list invitations (a member would get 403): loaded once the role is known.
  const invites = useLoad(
    () => (canManage ? api<PendingInviteList>('GET', DASHBOARD.invites) : Promise.resolve({ items: [] })),
    [canManage],
  );
  const { act, error, notice, setNotice } = useAction(() =>
    Promise.all([team.reload(), invites.reload()]).then(() => undefined),
  );
  const invite = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      const sent = await api<Invitation>('POST', DASHBOARD.invites, { email, role });
      setNotice(
        `Invitation sent to ${sent.email} as ${sent.role}; the link works until ${new Date(sent.expiresAt).toLocaleDateString('en')}.`,
      );
      setEmail('');
    });
  };
  const [closing, setClosing] = useState(false);
  const eraseAddress = (address: string) =>
    act(async () => {
      const receipt = await api<ErasureReceipt>('POST', DASHBOARD.erasures, { address });
      setNotice(
        `The address is being erased (erasure ${receipt.erasureId}); it is gone everywhere within a minute. The receipt names it only by a keyed digest.`,
      );
    });
  const closeAccount = (teamName: string) => {
    setClosing(true);
    void act(async () => {
      await api<ClosedAccount>('POST', DASHBOARD.closeAccount, { teamName });
      // The session ended with the account: back to the start, signed out.
      window.location.assign('/');
    }).finally(() => setClosing(false));
  };
  const remove = (userId: string, who: string) => {
    if (!window.confirm(`Remove ${who} from the team? Their API keys stop working at once.`)) return;
    void act(async () => {
      const removed = await api<RemovedMember>('DELETE', `${DASHBOARD.team}/members/${userId}`);
      setNotice(`${who} was removed; ${removed.revokedKeys} of their keys were revoked.`);
    });
  };
  return (
    <>
      <PageTitle>Team</PageTitle>
      <p className="hint">
        Everyone in the team spends the owner's credits.{' '}
        {team.data && (
          <>
            Your role: <strong>{team.data.role}</strong>.
          </>
        )}
      </p>
      {canManage && (
        <form className="card" onSubmit={invite}>
          <h2>Invite someone</h2>
          <Field
            label="Email of the person to invite"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value)}>
            {ROLES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
          <button type="submit">Send invitation</button>
        </form>
      )}
      {notice && <Notice>{notice}</Notice>}
      <ErrorAlert error={error ?? team.error ?? usage.error ?? invites.error} />
      {canManage && team.data && invites.data && (
        <PendingInvites invites={invites.data.items} members={team.data.members} act={act} setNotice={setNotice} />
      )}
      {team.data && (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Members">
          <table data-testid="members-table">
            <caption>Members</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Joined</th>
                <th scope="col">Verifications (30 days)</th>
                <th scope="col">Finder calls (30 days)</th>
                <th scope="col">Credits (30 days)</th>
                {canManage && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {team.data.members.map((m) => (
                <tr key={m.userId}>
                  <td>{m.name}</td>
                  <td>{m.email}</td>
                  <td>{m.role}</td>
                  <td>{new Date(m.joinedAt).toLocaleDateString('en')}</td>
                  <td>{usageOf(m.userId)?.verifications ?? 0}</td>
                  <td>{usageOf(m.userId)?.finderCalls ?? 0}</td>
                  <td>{usageOf(m.userId)?.credits ?? 0}</td>
                  {canManage && (
                    <td>
                      {m.role !== 'owner' && m.userId !== me.userId && (
                        <button type="button" className="danger" onClick={() => remove(m.userId, m.email)}>
                          Remove
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {team.data && <RetentionSettings canManage={canManage} act={act} setNotice={setNotice} />}
      {canManage && <EraseAddressForm onErase={eraseAddress} />}
      {team.data?.role === 'owner' && (
        <CloseAccountForm teamName={team.data.name} busy={closing} onClose={closeAccount} />
      )}
    </>
  );
}
