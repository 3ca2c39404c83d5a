import { Injectable } from '@nestjs/common';
import { ReadStore } from '@lib/readstore';
import { DomainFormatSource, type KnownAddressRecord } from '../finder.ports';
import { KNOWN_ADDRESSES_COLLECTION, type KnownAddressesDocument } from './known-addresses.projection';

/** The finder's memory of each domain's format: addresses it confirmed earlier, from the read model. */
@Injectable()
export class KnownAddressesReadModel extends DomainFormatSource {
  constructor(private readonly readStore: ReadStore) {
    super();
  }

  async knownAddresses(domain: string): Promise<KnownAddressRecord[]> {
    const doc = await this.readStore.collection<KnownAddressesDocument>(KNOWN_ADDRESSES_COLLECTION).get(domain);
    // One record per address, the newest: two accounts that confirmed one address teach its format once.
    const newest = new Map<string, KnownAddressRecord>();
    for (const { email, firstName, lastName } of doc?.addresses ?? []) {
      newest.delete(email);
      newest.set(email, { email, firstName, lastName });
    }
    return [...newest.values()];
  }
}
