import { Command, Query } from '@nestjs/cqrs';

export interface SessionView {
  sessionId: string;
  userAgent: string;
  address: string;
  startedAt: string;
  expiresAt: string;
  current: boolean;
}

/** The user's open sessions, newest first; `currentSessionId` marks the one asking. */
export class ListSessionsQuery extends Query<SessionView[]> {
  constructor(
    readonly userId: string,
    readonly currentSessionId: string,
  ) {
    super();
  }
}

/** Ends one of the user's sessions from another; it is refused in every process once this answers. */
export class RevokeSessionCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
  ) {
    super();
  }
}

/** Ends the session that asks (sign-out); it is refused in every process once this answers. */
export class SignOutCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
  ) {
    super();
  }
}
