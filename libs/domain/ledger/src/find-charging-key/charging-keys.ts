import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetApiKeyQuery } from '@lib/accounts';

/** The API key work is charged through, as a hold carries it to the ledger (HoldCredits.key). */
export interface ChargingKey {
  keyId: string;
  monthlyCreditCap: number | null;
}

/**
 * The key a list job's chunks are charged through, with its monthly credit cap as it is now: a job runs
 * long after its upload, so each chunk's hold reads the cap again (a raised or lifted cap lets the next
 * chunk go on, as it does for the next paid call). Read where authentication reads it (the api_keys read
 * model). None for a dashboard session's job (`session:<id>`: not a key, not counted, as for paid calls),
 * a job created before jobs named their key, or a key not of the job's account.
 */
@Injectable()
export class ChargingKeys {
  constructor(private readonly queries: QueryBus) {}

  async of(accountId: string, keyId: string | undefined): Promise<ChargingKey | undefined> {
    if (!keyId) return undefined;
    const key = await this.queries.execute(new GetApiKeyQuery(keyId));
    if (!key || key.accountId !== accountId) return undefined;
    return { keyId, monthlyCreditCap: key.monthlyCreditCap };
  }
}
