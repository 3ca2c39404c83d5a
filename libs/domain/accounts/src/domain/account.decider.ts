import { Decider, DomainError } from '@lib/common';
import { AccountCommand } from './account.commands';
import { AccountEvent } from './account.events';
import {
  invitesWithdrawnByRemoval,
  isPendingInvite,
  requireInvite,
  requireKeyChanger,
  requireManager,
  requirePendingInvite,
  TeamMemberRole,
  TeamState,
} from './account-team';
import { KeyRestrictions, KeyScope, restrictionsAfter, sameRestrictions, UNRESTRICTED } from './key-restrictions';
import { ApiKeyKind, requireKeyKind } from './key-kind';
import { closeAccount } from './account-closure';
import { ACCOUNT_UPCASTERS } from './account.upcast';

export type { TeamMemberRole } from './account-team';
type KeyState = { revoked: boolean; userId: string | null; kind: ApiKeyKind; restrictions: KeyRestrictions };
export type AccountState =
  | { status: 'none' }
  | ({ status: 'open'; name: string; keys: Record<string, KeyState> } & TeamState)
  | { status: 'closed'; accountId: string; name: string; closedAt: string };
type OpenAccount = Extract<AccountState, { status: 'open' }>;

export const accountStream = (accountId: string): string => `accounts-${accountId}`;

function requireOpen(state: AccountState): OpenAccount {
  if (state.status === 'closed') throw new DomainError('ACCOUNT_CLOSED');
  if (state.status !== 'open') throw new DomainError('ACCOUNT_NOT_FOUND');
  return state;
}

/** The key, not revoked; with `by` (a dashboard user), one they may change as this stream has them now. */
function requireActiveKey(state: AccountState, keyId: string, by: string | undefined): OpenAccount {
  const open = requireOpen(state);
  const key = open.keys[keyId];
  if (!key) throw new DomainError('API_KEY_NOT_FOUND');
  if (by !== undefined) requireKeyChanger(open, by, key.userId);
  if (key.revoked) throw new DomainError('API_KEY_ALREADY_REVOKED');
  return open;
}

/** The limits as an issue event carries them: a field only when it limits (absent reads as none). */
function issuedRestrictions(restrictions: KeyRestrictions): {
  scopes?: string[];
  allowedAddresses?: string[];
  monthlyCreditCap?: number;
  allowedOrigins?: string[];
} {
  return {
    ...(restrictions.scopes ? { scopes: restrictions.scopes } : {}),
    ...(restrictions.allowedAddresses ? { allowedAddresses: restrictions.allowedAddresses } : {}),
    ...(restrictions.monthlyCreditCap ? { monthlyCreditCap: restrictions.monthlyCreditCap } : {}),
    ...(restrictions.allowedOrigins ? { allowedOrigins: restrictions.allowedOrigins } : {}),
  };
}

/** The kind as an issue event carries it: absent for live, as on every key issued before kinds. */
const issuedKind = (kind: ApiKeyKind): { kind?: 'test' | 'publishable' } => (kind === 'live' ? {} : { kind });

export const accountDecider: Decider<AccountCommand, AccountEvent, AccountState> = {
  initialState: { status: 'none' },
  upcasters: ACCOUNT_UPCASTERS,

  decide(command, state) {
    switch (command.type) {
      case 'OpenAccount': {
        if (state.status !== 'none') return []; // a retried open is a no-op, not an error
        const owner = command.ownerUserId ? { ownerUserId: command.ownerUserId } : {};
        const opened: AccountEvent = {
          type: 'AccountOpened',
          data: { accountId: command.accountId, name: command.name, ...owner, openedAt: command.at },
        };
        if (!command.ownerKey) return [opened];
        return [
          opened,
          {
            type: 'ApiKeyIssued',
            data: {
              accountId: command.accountId,
              keyId: command.ownerKey.keyId,
              secretHash: command.ownerKey.secretHash,
              label: 'owner',
              role: 'owner',
              issuedAt: command.at,
            },
          },
        ];
      }
      case 'IssueApiKey': {
        const open = requireOpen(state);
        // A removed member's session may still point here until their user stream catches up: no key for them.
        if (command.userId && !open.members[command.userId])
          throw new DomainError('TEAM_ROLE_FORBIDDEN', 'You are not a member of this team.');
        const active = Object.values(open.keys).filter((key) => !key.revoked).length;
        if (active >= command.maxActiveKeys) throw new DomainError('API_KEY_LIMIT_REACHED');
        const owner = command.userId ? { userId: command.userId } : {};
        const kind = requireKeyKind(command.kind);
        const restrictions = restrictionsAfter(UNRESTRICTED, command.restrictions ?? {}, kind);
        return [
          {
            type: 'ApiKeyIssued',
            data: {
              accountId: open.accountId,
              keyId: command.keyId,
              secretHash: command.secretHash,
              label: command.label,
              role: 'member',
              ...owner,
              ...issuedKind(kind),
              ...issuedRestrictions(restrictions),
              issuedAt: command.at,
            },
          },
        ];
      }
      case 'RevokeApiKey': {
        const open = requireActiveKey(state, command.keyId, command.by);
        return [
          { type: 'ApiKeyRevoked', data: { accountId: open.accountId, keyId: command.keyId, revokedAt: command.at } },
        ];
      }
      case 'RotateApiKey': {
        const open = requireActiveKey(state, command.keyId, command.by);
        return [
          {
            type: 'ApiKeyRotated',
            data: {
              accountId: open.accountId,
              keyId: command.keyId,
              secretHash: command.secretHash,
              rotatedAt: command.at,
            },
          },
        ];
      }
      case 'RestrictApiKey': {
        const open = requireActiveKey(state, command.keyId, command.by);
        const { restrictions: current, kind } = open.keys[command.keyId];
        const next = restrictionsAfter(current, command.change, kind);
        if (sameRestrictions(current, next)) return []; // a repeated edit records nothing new
        return [
          {
            type: 'ApiKeyRestrictionsChanged',
            data: {
              accountId: open.accountId,
              keyId: command.keyId,
              scopes: next.scopes,
              allowedAddresses: next.allowedAddresses,
              monthlyCreditCap: next.monthlyCreditCap,
              // Only a publishable key has origins: the other kinds' changes read as before kinds existed.
              ...(kind === 'publishable' ? { allowedOrigins: next.allowedOrigins } : {}),
              ...(command.by !== undefined ? { changedBy: command.by } : {}),
              changedAt: command.at,
            },
          },
        ];
      }
      case 'InviteMember': {
        const open = requireOpen(state);
        requireManager(open, command.invitedBy);
        const { type: _type, at, ...data } = command;
        // Inviting an address again replaces its pending invitation: one invitation per person, and only
        // the newest link (with the newest role) works.
        const replaced: AccountEvent[] = Object.entries(open.invites)
          .filter(([, invite]) => invite.email === command.email && isPendingInvite(invite, at))
          .map(([inviteId]) => ({
            type: 'InviteRevoked',
            data: {
              accountId: open.accountId,
              inviteId,
              email: command.email,
              reason: 'reinvited',
              revokedBy: command.invitedBy,
              revokedAt: at,
            },
          }));
        return [...replaced, { type: 'MemberInvited', data: { accountId: open.accountId, ...data, invitedAt: at } }];
      }
      case 'AcceptInvite': {
        const open = requireOpen(state);
        const [inviteId, invite] = requireInvite(open, command.tokenHash, command.email, command.at);
        if (open.members[command.userId]) throw new DomainError('ALREADY_A_MEMBER');
        return [
          {
            type: 'MemberJoined',
            data: {
              accountId: open.accountId,
              inviteId,
              userId: command.userId,
              role: invite.role,
              joinedAt: command.at,
            },
          },
        ];
      }
      case 'CloseAccount':
        if (state.status === 'closed') return []; // a retried closure is a no-op
        return closeAccount(requireOpen(state), command);
      case 'RemoveMember': {
        const open = requireOpen(state);
        // Judged here, not on the users read model: an admin removed a moment ago removes nobody.
        if (command.removedBy !== undefined) requireManager(open, command.removedBy);
        const role = open.members[command.userId];
        if (!role) throw new DomainError('MEMBER_NOT_FOUND');
        if (role === 'owner') throw new DomainError('TEAM_ROLE_FORBIDDEN', 'The team owner cannot be removed.');
        // The member's keys spend this account's credits: they are revoked in the same append, so no window remains.
        const revoked: AccountEvent[] = Object.entries(open.keys)
          .filter(([, key]) => key.userId === command.userId && !key.revoked)
          .map(([keyId]) => ({
            type: 'ApiKeyRevoked',
            data: { accountId: open.accountId, keyId, revokedAt: command.at },
          }));
        return [
          { type: 'MemberRemoved', data: { accountId: open.accountId, userId: command.userId, removedAt: command.at } },
          ...revoked,
          ...invitesWithdrawnByRemoval(open, command.userId, command.email, command.at),
        ];
      }
      case 'RevokeInvite': {
        const open = requireOpen(state);
        requireManager(open, command.revokedBy);
        const invite = requirePendingInvite(open, command.inviteId, command.at);
        return [
          {
            type: 'InviteRevoked',
            data: {
              accountId: open.accountId,
              inviteId: command.inviteId,
              email: invite.email,
              reason: 'revoked',
              revokedBy: command.revokedBy,
              revokedAt: command.at,
            },
          },
        ];
      }
    }
  },

  evolve(state, event) {
    if (event.type === 'AccountOpened') {
      const members: Record<string, TeamMemberRole> = event.data.ownerUserId
        ? { [event.data.ownerUserId]: 'owner' }
        : {};
      const { accountId, name } = event.data;
      return { status: 'open', accountId, name, keys: {}, members, invites: {}, joinedAs: {} };
    }
    if (state.status !== 'open') return state;
    switch (event.type) {
      case 'ApiKeyIssued':
        return {
          ...state,
          keys: {
            ...state.keys,
            [event.data.keyId]: {
              revoked: false,
              userId: event.data.userId ?? null,
              kind: event.data.kind ?? 'live',
              restrictions: {
                scopes: (event.data.scopes as KeyScope[] | undefined) ?? null,
                allowedAddresses: event.data.allowedAddresses ?? null,
                monthlyCreditCap: event.data.monthlyCreditCap ?? null,
                allowedOrigins: event.data.allowedOrigins ?? null,
              },
            },
          },
        };
      case 'ApiKeyRestrictionsChanged': {
        const { scopes, allowedAddresses, monthlyCreditCap, allowedOrigins } = event.data;
        const key = state.keys[event.data.keyId];
        const restrictions = {
          scopes: scopes as KeyScope[] | null,
          allowedAddresses,
          monthlyCreditCap: monthlyCreditCap ?? null,
          allowedOrigins: allowedOrigins ?? null,
        };
        return { ...state, keys: { ...state.keys, [event.data.keyId]: { ...key, restrictions } } };
      }
      case 'ApiKeyRotated':
        return {
          ...state,
          keys: { ...state.keys, [event.data.keyId]: { ...state.keys[event.data.keyId], revoked: false } },
        };
      case 'ApiKeyRevoked':
        return {
          ...state,
          keys: { ...state.keys, [event.data.keyId]: { ...state.keys[event.data.keyId], revoked: true } },
        };
      case 'MemberInvited': {
        const d = event.data;
        return {
          ...state,
          invites: {
            ...state.invites,
            [d.inviteId]: {
              email: d.email,
              role: d.role,
              tokenHash: d.tokenHash,
              expiresAt: d.expiresAt,
              invitedBy: d.invitedBy,
              invitedAt: d.invitedAt,
              used: false,
            },
          },
        };
      }
      case 'MemberJoined': {
        const invite = state.invites[event.data.inviteId];
        return {
          ...state,
          members: { ...state.members, [event.data.userId]: event.data.role },
          invites: { ...state.invites, [event.data.inviteId]: { ...invite, used: true } },
          joinedAs: invite ? { ...state.joinedAs, [event.data.userId]: invite.email } : state.joinedAs,
        };
      }
      case 'MemberRemoved': {
        const { [event.data.userId]: _removed, ...members } = state.members;
        return { ...state, members };
      }
      case 'InviteRevoked': {
        const { [event.data.inviteId]: _withdrawn, ...invites } = state.invites;
        return { ...state, invites };
      }
      case 'AccountClosed':
        return { status: 'closed', accountId: state.accountId, name: state.name, closedAt: event.data.closedAt };
    }
  },
};
