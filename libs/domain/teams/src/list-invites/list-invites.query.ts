import { Query } from '@nestjs/cqrs';
import type { TeamRole } from '@lib/accounts';

export interface PendingInvite {
  inviteId: string;
  email: string;
  role: TeamRole;
  invitedBy: string;
  invitedAt: string;
  expiresAt: string;
}

/** The team's invitations still usable (not accepted, withdrawn or expired), the oldest first. */
export class ListInvitesQuery extends Query<PendingInvite[]> {
  constructor(readonly accountId: string) {
    super();
  }
}
