import { Injectable } from '@nestjs/common';
import { accountDecider, accountStream, API_KEYS_COLLECTION } from '@lib/accounts';
import { Clock, DomainError } from '@lib/common';
import { appendedPositions, EventStore, runCommand } from '@lib/eventstore';
import { DashboardPrincipal, UserStreams } from '@lib/identity';
import { ReadModelFreshness } from '@lib/platform';
import { requireManager } from '../shared/team-roles';

/**
 * Removing a member: the account stream drops them and revokes their keys; their user stream leaves
 * the team, so their session falls back to their own account on its next request.
 */
@Injectable()
export class MemberRemoval {
  constructor(
    private readonly events: EventStore,
    private readonly users: UserStreams,
    private readonly freshness: ReadModelFreshness,
    private readonly clock: Clock,
  ) {}

  /** Removes a member; their keys are refused in every process once this returns. */
  async remove(user: DashboardPrincipal, memberUserId: string): Promise<{ userId: string; revokedKeys: number }> {
    requireManager(user);
    if (!/^[0-9]{1,20}$/.test(memberUserId)) throw new DomainError('MEMBER_NOT_FOUND');
    const removed = await runCommand(this.events, accountStream(user.accountId), accountDecider, {
      type: 'RemoveMember',
      userId: memberUserId,
      at: this.clock.nowIso(),
    });
    // Each revoked key's document reaches its own event's position, not the append's last one.
    const positions = await appendedPositions(this.events, accountStream(user.accountId), removed);
    const revoked = removed.events.flatMap((e, i) =>
      e.type === 'ApiKeyRevoked' ? [{ keyId: (e.data as { keyId: string }).keyId, position: positions[i] }] : [],
    );
    const keyIds = revoked.map((key) => key.keyId);
    await Promise.all(
      revoked.map((key) => this.freshness.waitForDocument(API_KEYS_COLLECTION, key.keyId, key.position)),
    );
    await this.users.run(memberUserId, { type: 'LeaveTeam', accountId: user.accountId, at: this.clock.nowIso() });
    return { userId: memberUserId, revokedKeys: keyIds.length };
  }
}
