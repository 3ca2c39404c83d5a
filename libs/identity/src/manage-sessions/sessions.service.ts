import { Injectable } from '@nestjs/common';
import { Clock, DomainError } from '@lib/common';
import { ReadStore } from '@lib/readstore';
import { SESSIONS_COLLECTION, SessionDoc } from '../authenticate/sessions.projection';
import { UserStreams } from '../shared/user-streams';

export interface SessionView {
  sessionId: string;
  userAgent: string;
  address: string;
  startedAt: string;
  expiresAt: string;
  current: boolean;
}

/** A user's own sessions: list the open ones, end one (revocation or sign-out). */
@Injectable()
export class SessionsService {
  constructor(
    private readonly users: UserStreams,
    private readonly readStore: ReadStore,
    private readonly clock: Clock,
  ) {}

  async list(userId: string, currentSessionId: string): Promise<SessionView[]> {
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

  /** Ends one of the user's sessions; it is refused in every process once this returns. */
  async revoke(userId: string, sessionId: string): Promise<void> {
    if (!/^[a-f0-9]{24}$/.test(sessionId)) throw new DomainError('SESSION_NOT_FOUND');
    await this.users.run(userId, { type: 'EndSession', sessionId, reason: 'revoked', at: this.clock.nowIso() });
  }

  async signOut(userId: string, sessionId: string): Promise<void> {
    await this.users.run(userId, { type: 'EndSession', sessionId, reason: 'signed_out', at: this.clock.nowIso() });
  }
}
