import { Inject, Injectable } from '@nestjs/common';
import { DomainError, testAccountOf } from '@lib/common';
import { accountScopePrefix, DataKeyStore } from '@lib/personal-data';
import { ReadStore } from '@lib/readstore';
import type { ErasureRequester } from '../domain/erasure.events';
import type { ErasureReceipt } from '../domain/erasure-receipt';
import { ACCOUNT_ERASURE_ID } from '../domain/erasure-stream';
import { ADDRESS_ERASURE_JOB_COLLECTIONS } from '../request-address-erasure/address-erasure-requests.service';
import { ErasureRequests } from '../request-erasure/erasure-requests.service';

const OPEN = ['Pending', 'Processing'];
const PAGE = 1_000;

/**
 * The erasure of a closing account: every key under the prefixes of the live account and of its test-mode
 * shadow. Asked again (a retried closure), the same erasure. Refused while a list job of either is open:
 * its files and rows are still being written.
 */
@Injectable()
export class AccountErasureRequests {
  constructor(
    private readonly requests: ErasureRequests,
    private readonly keys: DataKeyStore,
    private readonly readStore: ReadStore,
    @Inject(ADDRESS_ERASURE_JOB_COLLECTIONS) private readonly jobCollections: string[],
  ) {}

  /** Throws ACCOUNT_CLOSE_JOBS_RUNNING while a list job of the account (live or test) is open. */
  async requireNoOpenJobs(accountId: string): Promise<void> {
    const accountIds = [accountId, testAccountOf(accountId)];
    for (const collection of this.jobCollections) {
      const open = await this.readStore.collection(collection).count({
        accountId: { $in: accountIds },
        status: { $in: OPEN },
      });
      if (open > 0) throw new DomainError('ACCOUNT_CLOSE_JOBS_RUNNING');
    }
  }

  async eraseAccount(accountId: string, requestedBy: ErasureRequester): Promise<ErasureReceipt> {
    await this.requireNoOpenJobs(accountId);
    const accountIds = [accountId, testAccountOf(accountId)];
    const scopes = accountIds.map(accountScopePrefix);
    let keysHeld = 0;
    for (const prefix of scopes) keysHeld += await this.countKeys(prefix);
    const target = { kind: 'account' as const, accountIds };
    return this.requests.request(accountId, ACCOUNT_ERASURE_ID, target, scopes, requestedBy, { keysHeld });
  }

  private async countKeys(prefix: string): Promise<number> {
    let count = 0;
    let after: string | undefined;
    for (;;) {
      const page = await this.keys.scopesUnder(prefix, { after, limit: PAGE });
      count += page.length;
      if (page.length < PAGE) return count;
      after = page[page.length - 1];
    }
  }
}
