import { documentProjection } from '@lib/readstore';
import { ACCOUNT_UPCASTERS, type AccountEvent } from '@lib/accounts';

/** Who is in which team, one document per (account, user); a removed member's document is deleted. */
export interface TeamMemberDoc {
  _id: string;
  accountId: string;
  userId: string;
  role: 'owner' | 'admin' | 'member';
  joinedAt: string;
  _position?: number;
}

export const TEAM_MEMBERS_COLLECTION = 'team_members';
export const teamMemberId = (accountId: string, userId: string): string => `${accountId}:${userId}`;

export const teamMembersProjection = documentProjection<TeamMemberDoc, AccountEvent>({
  name: 'team-members',
  collection: TEAM_MEMBERS_COLLECTION,
  eventTypes: ['AccountOpened', 'MemberJoined', 'MemberRemoved'],
  upcasters: ACCOUNT_UPCASTERS,
  documentId: (event) => {
    if (event.type === 'AccountOpened')
      return event.data.ownerUserId ? teamMemberId(event.data.accountId, event.data.ownerUserId) : null;
    if (event.type === 'MemberJoined' || event.type === 'MemberRemoved')
      return teamMemberId(event.data.accountId, event.data.userId);
    return null;
  },
  evolve: (_doc, event) => {
    switch (event.type) {
      case 'AccountOpened':
        return {
          _id: '',
          accountId: event.data.accountId,
          userId: event.data.ownerUserId!,
          role: 'owner',
          joinedAt: event.data.openedAt,
        };
      case 'MemberJoined':
        return {
          _id: '',
          accountId: event.data.accountId,
          userId: event.data.userId,
          role: event.data.role,
          joinedAt: event.data.joinedAt,
        };
      default:
        return null;
    }
  },
});
