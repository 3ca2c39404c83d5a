import { DomainError } from '@lib/common';
import type { CloseAccount } from './account.commands';
import type { AccountEvent } from './account.events';
import type { TeamState } from './account-team';

/** What closing needs of an open account: its name, its keys, its team. */
type ClosableAccount = TeamState & { name: string; keys: Record<string, { revoked: boolean }> };

/**
 * Closing, by the owner alone, confirmed by the team's name: every key not revoked is revoked, every other
 * member removed and every pending invitation withdrawn in the same append as AccountClosed, so no way in
 * is left between them.
 */
export function closeAccount(account: ClosableAccount, command: CloseAccount): AccountEvent[] {
  if (account.members[command.by] !== 'owner') throw new DomainError('ACCOUNT_CLOSE_OWNER_ONLY');
  if (command.teamName.trim() !== account.name.trim()) throw new DomainError('ACCOUNT_CLOSE_NAME_MISMATCH');
  const { accountId } = account;
  const at = command.at;
  const revoked: AccountEvent[] = Object.entries(account.keys)
    .filter(([, key]) => !key.revoked)
    .map(([keyId]) => ({ type: 'ApiKeyRevoked', data: { accountId, keyId, revokedAt: at } }));
  const removed: AccountEvent[] = Object.entries(account.members)
    .filter(([, role]) => role !== 'owner')
    .map(([userId]) => ({ type: 'MemberRemoved', data: { accountId, userId, removedAt: at } }));
  const withdrawn: AccountEvent[] = Object.entries(account.invites)
    .filter(([, invite]) => !invite.used && invite.expiresAt > at)
    .map(([inviteId, invite]) => ({
      type: 'InviteRevoked',
      data: {
        accountId,
        inviteId,
        email: invite.email,
        reason: 'account_closed',
        revokedBy: command.by,
        revokedAt: at,
      },
    }));
  return [
    ...revoked,
    ...removed,
    ...withdrawn,
    { type: 'AccountClosed', data: { accountId, closedBy: command.by, closedAt: at } },
  ];
}
