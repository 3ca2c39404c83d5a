import { Injectable } from '@nestjs/common';
import { AccountErasureRequests } from '@lib/erasure';
import { AccountClosureService, type DashboardPrincipal } from '@lib/identity';
import type { ClosedAccountModel } from './closed-account.model';

/**
 * Closing an account: every refusal checked first; then the erasure is recorded, before the closure, so a
 * request that dies between them has erased the data and left an open account the owner can close again
 * (asked again, the same erasure); then keys, members and the owner's sessions go.
 */
@Injectable()
export class AccountClosing {
  constructor(
    private readonly closure: AccountClosureService,
    private readonly erasures: AccountErasureRequests,
  ) {}

  async close(user: DashboardPrincipal, teamName: unknown): Promise<ClosedAccountModel> {
    await this.closure.requireClosable(user, teamName);
    const erasure = await this.erasures.eraseAccount(user.accountId, {
      keyId: `session:${user.sessionId}`,
      userId: user.userId,
    });
    const closed = await this.closure.close(user, teamName as string);
    return {
      closedAt: closed.closedAt,
      revokedKeys: closed.revokedKeys,
      membersRemoved: closed.removedUserIds.length,
      erasure,
    };
  }
}
