import { Decider, DomainError } from '@lib/common';
import { sha256Hex } from '../tokens/secret-hash';
import { EmailClaimCommand } from './email-claim.commands';
import { EmailClaimEvent } from './email-claim.events';

/**
 * One stream per normalized address makes addresses unique across users: the event store's
 * expected-revision check is the lock. Also the lookup from an address to its user at sign-in.
 */
export type EmailClaimState = { status: 'free' } | { status: 'claimed'; userId: string; claimedAt: string };

/** Hashed so the stream name is fixed-length and safe whatever characters the address has. */
export const emailClaimStream = (email: string): string => `email-claims-${sha256Hex(email)}`;

export const emailClaimDecider: Decider<EmailClaimCommand, EmailClaimEvent, EmailClaimState> = {
  initialState: { status: 'free' },

  decide(command, state) {
    switch (command.type) {
      case 'ClaimEmail':
        if (state.status === 'claimed' && state.userId === command.userId) return [];
        if (state.status === 'claimed' && state.userId !== command.abandonedBy) throw new DomainError('EMAIL_TAKEN');
        return [
          { type: 'EmailClaimed', data: { email: command.email, userId: command.userId, claimedAt: command.at } },
        ];
      case 'ReleaseEmail':
        if (state.status !== 'claimed' || state.userId !== command.userId) return [];
        return [
          { type: 'EmailReleased', data: { email: command.email, userId: command.userId, releasedAt: command.at } },
        ];
    }
  },

  evolve(_state, event) {
    return event.type === 'EmailClaimed'
      ? { status: 'claimed', userId: event.data.userId, claimedAt: event.data.claimedAt }
      : { status: 'free' };
  },
};
