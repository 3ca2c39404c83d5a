import { Injectable } from '@nestjs/common';
import { aggregateStream, appendedPositions, EventStore, runCommand } from '@lib/eventstore';
import { ReadModelFreshness } from '@lib/platform';
import { API_KEYS_COLLECTION } from '../authenticate/api-keys.projection';
import type { AcceptInvite, InviteMember, RemoveMember, RevokeInvite } from '../domain/account.commands';
import { accountDecider, accountStream } from '../domain/account.decider';
import type { AccountEvent } from '../domain/account.events';
import type { TeamState } from '../domain/account-team';

/** The commands of the account aggregate that change its team (each documented in account.commands.ts). */
export type TeamCommand = InviteMember | AcceptInvite | RemoveMember | RevokeInvite;

/**
 * The team part of the account aggregate, for the team's use cases (@lib/teams). The team lives on the
 * account stream beside the keys, in one decider: a removal revokes the member's keys in the same append,
 * and a key is changed or issued only by whom the team has now. So the decider stays here, and the team's
 * use cases run their commands on it through this and read the team as it decides them.
 */
@Injectable()
export class AccountTeams {
  constructor(
    private readonly events: EventStore,
    private readonly freshness: ReadModelFreshness,
  ) {}

  /**
   * Runs a team command on the account's stream and answers with what it appended, once authentication in
   * every process refuses the keys it revoked (a removed member's).
   */
  async run(accountId: string, command: TeamCommand): Promise<AccountEvent[]> {
    const stream = accountStream(accountId);
    const result = await runCommand(this.events, stream, accountDecider, command);
    if (!result.events.some((event) => event.type === 'ApiKeyRevoked')) return result.events;
    // Each revoked key's document reaches its own event's position, not the append's last one.
    const positions = await appendedPositions(this.events, stream, result);
    await Promise.all(
      result.events.map((event, i) =>
        event.type === 'ApiKeyRevoked'
          ? this.freshness.waitForDocument(API_KEYS_COLLECTION, event.data.keyId, positions[i])
          : null,
      ),
    );
    return result.events;
  }

  /** The team as the account stream has it now (members, invitations), or null when the account is not open. */
  async team(accountId: string): Promise<TeamState | null> {
    const { state } = await aggregateStream(this.events, accountStream(accountId), accountDecider);
    return state.status === 'open' ? state : null;
  }
}
