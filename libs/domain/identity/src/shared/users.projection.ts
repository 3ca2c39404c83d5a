import { documentProjection } from '@lib/readstore';
import { UserEvent } from '../domain/user.events';
import { userDecider } from '../domain/user.decider';

/** The dashboard's view of a user; read on every dashboard request, so removals and changes act at once. */
export interface UserDoc {
  _id: string;
  email: string;
  name: string;
  company: string;
  /** The account (team) whose balance the user's keys spend. */
  accountId: string;
  /** The user's role in that account: owner of the one they signed up with, else the role they were invited with. */
  role: 'owner' | 'admin' | 'member';
  emailConfirmed: boolean;
  registeredAt: string;
  _position?: number;
}

export const USERS_COLLECTION = 'dashboard_users';

export const usersProjection = documentProjection<UserDoc, UserEvent>({
  name: 'dashboard-users',
  collection: USERS_COLLECTION,
  eventTypes: ['UserRegistered', 'EmailConfirmed', 'EmailChanged', 'TeamJoined', 'TeamLeft'],
  upcasters: userDecider.upcasters,
  documentId: (event) => event.data.userId,
  evolve: (doc, event) => {
    switch (event.type) {
      case 'UserRegistered': {
        const d = event.data;
        return {
          _id: d.userId,
          email: d.email,
          name: d.name,
          company: d.company,
          accountId: d.accountId,
          role: 'owner',
          emailConfirmed: false,
          registeredAt: d.registeredAt,
        };
      }
      case 'EmailConfirmed':
        return doc && { ...doc, emailConfirmed: true };
      case 'EmailChanged':
        return doc && { ...doc, email: event.data.newEmail, emailConfirmed: true };
      case 'TeamJoined':
        return doc && { ...doc, accountId: event.data.accountId, role: event.data.role };
      case 'TeamLeft':
        return doc && { ...doc, accountId: event.data.homeAccountId, role: 'owner' };
      default:
        return doc;
    }
  },
});
