import { api } from '../api/client';
import { DASHBOARD, Member, PendingInvite } from '../api/dashboard';

/**
 * The team's pending invitations, for owners and admins: who sent each, until when its link works, and
 * a way to withdraw one (its link then stops working). Withdrawing goes through the page's action, so
 * its notice and error show where the page's do.
 */
export function PendingInvites({
  invites,
  members,
  act,
  setNotice,
}: {
  invites: PendingInvite[];
  members: Member[];
  act: (task: () => Promise<void>) => Promise<void>;
  setNotice: (notice: string) => void;
}) {
  const sender = (userId: string) => members.find((m) => m.userId === userId)?.email ?? 'a former member';
  const withdraw = (invite: PendingInvite) => {
    if (!window.confirm(`Withdraw the invitation to ${invite.email}? Its link stops working at once.`)) return;
    void act(async () => {
      await api('DELETE', `${DASHBOARD.invites}/${invite.inviteId}`);
      setNotice(`The invitation to ${invite.email} was withdrawn.`);
    });
  };
  if (invites.length === 0) return <p className="hint">No pending invitations.</p>;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Pending invitations">
      <table data-testid="invites-table">
        <caption>Pending invitations</caption>
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Sent by</th>
            <th scope="col">Link works until</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {invites.map((invite) => (
            <tr key={invite.inviteId}>
              <td>{invite.email}</td>
              <td>{invite.role}</td>
              <td>{sender(invite.invitedBy)}</td>
              <td>{new Date(invite.expiresAt).toLocaleDateString('en')}</td>
              <td>
                <button type="button" className="danger" onClick={() => withdraw(invite)}>
                  Withdraw
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
