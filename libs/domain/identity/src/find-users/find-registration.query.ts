import { Query } from '@nestjs/cqrs';

/** What a user signed up with: the team account to open for them, its name, and when they registered. */
export interface Registration {
  userId: string;
  accountId: string;
  /** The company typed at sign-up, else the user's name. */
  accountName: string;
  registeredAt: string;
}

/** The registration of a user, read from their stream (never stale), or null when they never registered. */
export class FindRegistrationQuery extends Query<Registration | null> {
  constructor(readonly userId: string) {
    super();
  }
}
