import { CommandHandler, ICommandHandler, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Clock, DomainError } from '@lib/common';
import { ReadStore } from '@lib/readstore';
import { SESSIONS_COLLECTION, SessionDoc } from '../authenticate/sessions.projection';
import { UserStreams } from '../shared/user-streams';
import { ListSessionsQuery, RevokeSessionCommand, SessionView, SignOutCommand } from './manage-sessions.commands';

@QueryHandler(ListSessionsQuery)
export class ListSessionsHandler implements IQueryHandler<ListSessionsQuery, SessionView[]> {
  constructor(
    private readonly readStore: ReadStore,
    private readonly clock: Clock,
  ) {}

  async execute({ userId, currentSessionId }: ListSessionsQuery): Promise<SessionView[]> {
    const docs = await this.readStore
      .collection<SessionDoc>(SESSIONS_COLLECTION)
      .find({ filter: { userId, endedAt: null }, sort: { startedAt: -1 } });
    const now = this.clock.nowIso();
    return docs
      .filter((doc) => doc.expiresAt > now)
      .map((doc) => ({
        sessionId: doc._id,
        userAgent: doc.userAgent,
        address: doc.address,
        startedAt: doc.startedAt,
        expiresAt: doc.expiresAt,
        current: doc._id === currentSessionId,
      }));
  }
}

@CommandHandler(RevokeSessionCommand)
export class RevokeSessionHandler implements ICommandHandler<RevokeSessionCommand, void> {
  constructor(
    private readonly users: UserStreams,
    private readonly clock: Clock,
  ) {}

  async execute({ userId, sessionId }: RevokeSessionCommand): Promise<void> {
    // A session id the caller typed: one that cannot exist is not found, like one of another user.
    if (!/^[a-f0-9]{24}$/.test(sessionId)) throw new DomainError('SESSION_NOT_FOUND');
    await this.users.run(userId, { type: 'EndSession', sessionId, reason: 'revoked', at: this.clock.nowIso() });
  }
}

@CommandHandler(SignOutCommand)
export class SignOutHandler implements ICommandHandler<SignOutCommand, void> {
  constructor(
    private readonly users: UserStreams,
    private readonly clock: Clock,
  ) {}

  async execute({ userId, sessionId }: SignOutCommand): Promise<void> {
    await this.users.run(userId, { type: 'EndSession', sessionId, reason: 'signed_out', at: this.clock.nowIso() });
  }
}
