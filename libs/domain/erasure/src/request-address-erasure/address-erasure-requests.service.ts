import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@lib/common';
import { aggregateStream, EventStore } from '@lib/eventstore';
import { accountPepperScope, addressScope, DataKeyStore, subjectAddress } from '@lib/personal-data';
import { ReadStore } from '@lib/readstore';
import { erasureDecider } from '../domain/erasure.decider';
import type { ErasureRequester } from '../domain/erasure.events';
import type { ErasureReceipt } from '../domain/erasure-receipt';
import { addressErasureId, erasureStream } from '../domain/erasure-stream';
import { ErasureRequests } from '../request-erasure/erasure-requests.service';

/** The job read models (one document per job, with accountId and status) an address erasure goes through. */
export const ADDRESS_ERASURE_JOB_COLLECTIONS = Symbol('ADDRESS_ERASURE_JOB_COLLECTIONS');

const MAX_ADDRESS = 320;
/**
 * An address to erase: a local part, one @, a domain, no white space or control character inside. Loose on
 * purpose (what a list held is erasable even when no mail server would take it), but `@`, `jane@`, `@x.test`
 * or `a@b@c` name nobody: erasing them would record an erasure that can match nothing.
 */
const ADDRESS = /^[^@\s\p{Cc}]+@[^@\s\p{Cc}]+$/u;
const OPEN = ['Pending', 'Processing'];

/**
 * A data subject's request: one address erased across the account. The address scope (its keyed digest
 * under the account's pepper) is what it destroys; the request names the address only by that digest, and
 * holds the address itself sealed until the erasure is done (erasure-personal-data.ts). Refused while a list
 * job of the account is open: its files and rows are still being written.
 */
@Injectable()
export class AddressErasureRequests {
  constructor(
    private readonly requests: ErasureRequests,
    private readonly events: EventStore,
    private readonly keys: DataKeyStore,
    private readonly readStore: ReadStore,
    @Inject(ADDRESS_ERASURE_JOB_COLLECTIONS) private readonly jobCollections: string[],
  ) {}

  async eraseAddress(accountId: string, given: unknown, requestedBy: ErasureRequester): Promise<ErasureReceipt> {
    const address = typeof given === 'string' ? subjectAddress(given) : '';
    if (!ADDRESS.test(address) || address.length > MAX_ADDRESS) throw new DomainError('ERASURE_ADDRESS_INVALID');
    for (const collection of this.jobCollections)
      if ((await this.readStore.collection(collection).count({ accountId, status: { $in: OPEN } })) > 0)
        throw new DomainError('ERASURE_JOBS_RUNNING');
    const pepper = (await this.keys.keysFor([accountPepperScope(accountId)])).get(accountPepperScope(accountId));
    if (!pepper) throw new Error(`no pepper key for account ${accountId}`);
    const scope = addressScope(accountId, address, pepper.key);
    const digest = scope.slice(scope.lastIndexOf(':') + 1);
    const { state } = await aggregateStream(this.events, erasureStream(accountId), erasureDecider);
    const erasureId = addressErasureId(state, digest);
    return this.requests.request(accountId, erasureId, { kind: 'address', digest }, [scope], requestedBy, { address });
  }
}
