import { Injectable } from '@nestjs/common';
import { aggregateStream, appendedPositions, EventStore, readEvents, runCommand } from '@lib/eventstore';
import { ReadModelFreshness } from '@lib/platform';
import { emailClaimDecider, emailClaimStream, EmailClaimState } from '../domain/email-claim.decider';
import { EmailClaimCommand } from '../domain/email-claim.commands';
import { UserCommand } from '../domain/user.commands';
import { userDecider, UserState, userStream } from '../domain/user.decider';
import { UserEvent } from '../domain/user.events';
import { SESSIONS_COLLECTION } from '../authenticate/sessions.projection';
import { USERS_COLLECTION } from './users.projection';

/** Addresses compare case-insensitively and without surrounding blanks, everywhere. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * Reads and runs commands on the user and email-claim streams, then waits until the read models the
 * next request reads (users, sessions) include the change, so it acts at once in every process.
 */
@Injectable()
export class UserStreams {
  constructor(
    private readonly events: EventStore,
    private readonly freshness: ReadModelFreshness,
  ) {}

  async load(userId: string): Promise<UserState> {
    return (await aggregateStream(this.events, userStream(userId), userDecider)).state;
  }

  /** The registration event's data (the account, name and company a user signed up with), or null. */
  async registration(userId: string): Promise<Extract<UserEvent, { type: 'UserRegistered' }>['data'] | null> {
    const [first] = await readEvents(this.events, userStream(userId), userDecider.upcasters, { maxCount: 1 });
    return first?.type === 'UserRegistered' ? first.data : null;
  }

  async claimOf(email: string): Promise<EmailClaimState> {
    return (await aggregateStream(this.events, emailClaimStream(email), emailClaimDecider)).state;
  }

  /** The user an address belongs to, or null (read from the event store, so never stale). */
  async userIdOf(email: string): Promise<string | null> {
    const claim = await this.claimOf(email);
    return claim.status === 'claimed' ? claim.userId : null;
  }

  async runClaim(command: EmailClaimCommand): Promise<void> {
    await runCommand(this.events, emailClaimStream(command.email), emailClaimDecider, command);
  }

  async run(userId: string, command: UserCommand): Promise<UserEvent[]> {
    const result = await runCommand(this.events, userStream(userId), userDecider, command);
    // Each event's own position: a reset ending two sessions must not wait for the first at the second's.
    const positions = await appendedPositions(this.events, userStream(userId), result);
    await Promise.all(result.events.map((event, i) => this.awaitProjected(event, positions[i])));
    return result.events;
  }

  private async awaitProjected(event: UserEvent, position: number): Promise<void> {
    if (event.type === 'SessionStarted' || event.type === 'SessionEnded') {
      await this.freshness.waitForDocument(SESSIONS_COLLECTION, event.data.sessionId, position);
    } else if (
      event.type === 'UserRegistered' ||
      event.type === 'EmailConfirmed' ||
      event.type === 'EmailChanged' ||
      event.type === 'TeamJoined' ||
      event.type === 'TeamLeft'
    ) {
      await this.freshness.waitForDocument(USERS_COLLECTION, event.data.userId, position);
    }
  }
}
