import { Decider, DomainError } from '@lib/common';
import { AccountCommand } from './account.commands';
import { AccountEvent } from './account.events';

type KeyState = { revoked: boolean };
export type AccountState =
  | { status: 'none' }
  | { status: 'open'; accountId: string; keys: Record<string, KeyState> };

export const accountStream = (accountId: string): string => `accounts-${accountId}`;

function requireOpen(state: AccountState): Extract<AccountState, { status: 'open' }> {
  if (state.status !== 'open') throw new DomainError('ACCOUNT_NOT_FOUND');
  return state;
}

function requireActiveKey(state: AccountState, keyId: string): Extract<AccountState, { status: 'open' }> {
  const open = requireOpen(state);
  const key = open.keys[keyId];
  if (!key) throw new DomainError('API_KEY_NOT_FOUND');
  if (key.revoked) throw new DomainError('API_KEY_ALREADY_REVOKED');
  return open;
}

export const accountDecider: Decider<AccountCommand, AccountEvent, AccountState> = {
  initialState: { status: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'OpenAccount':
        if (state.status !== 'none') return []; // a retried open is a no-op, not an error
        const opened: AccountEvent = { type: 'AccountOpened', data: { accountId: command.accountId, name: command.name, openedAt: command.at } };
        if (!command.ownerKey) return [opened];
        return [
          opened,
          {
            type: 'ApiKeyIssued',
            data: { accountId: command.accountId, keyId: command.ownerKey.keyId, secretHash: command.ownerKey.secretHash, label: 'owner', role: 'owner', issuedAt: command.at },
          },
        ];
      case 'IssueApiKey': {
        const open = requireOpen(state);
        const owner = command.userId ? { userId: command.userId } : {};
        return [{ type: 'ApiKeyIssued', data: { accountId: open.accountId, keyId: command.keyId, secretHash: command.secretHash, label: command.label, role: 'member', ...owner, issuedAt: command.at } }];
      }
      case 'RevokeApiKey': {
        const open = requireActiveKey(state, command.keyId);
        return [{ type: 'ApiKeyRevoked', data: { accountId: open.accountId, keyId: command.keyId, revokedAt: command.at } }];
      }
      case 'RotateApiKey': {
        const open = requireActiveKey(state, command.keyId);
        return [{ type: 'ApiKeyRotated', data: { accountId: open.accountId, keyId: command.keyId, secretHash: command.secretHash, rotatedAt: command.at } }];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'AccountOpened':
        return { status: 'open', accountId: event.data.accountId, keys: {} };
      case 'ApiKeyIssued':
      case 'ApiKeyRotated':
        if (state.status !== 'open') return state;
        return { ...state, keys: { ...state.keys, [event.data.keyId]: { revoked: false } } };
      case 'ApiKeyRevoked':
        if (state.status !== 'open') return state;
        return { ...state, keys: { ...state.keys, [event.data.keyId]: { revoked: true } } };
    }
  },
};
