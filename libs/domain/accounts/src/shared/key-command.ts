import { Injectable } from '@nestjs/common';
import { EventStore, runCommand } from '@lib/eventstore';
import { ReadStore } from '@lib/readstore';
import { ReadModelFreshness } from '@lib/platform';
import { AccountCommand } from '../domain/account.commands';
import { accountDecider, accountStream } from '../domain/account.decider';
import { keyOwner } from './key-owner';
import { KeyRestrictions, UNRESTRICTED } from '../domain/key-restrictions';
import type { ApiKeyKind } from '../domain/key-kind';
import { API_KEYS_COLLECTION } from '../authenticate/api-keys.projection';

/**
 * Runs a command on the account that owns a key, then waits until authentication (which reads the
 * projected key in every process) sees it. `effective` is false when the projector did not catch up
 * in time: the change is recorded and takes effect as soon as it does, but not yet. `restrictions` and
 * `kind`: the key's limits and kind on its stream after the command.
 */
@Injectable()
export class KeyCommandRunner {
  constructor(
    private readonly events: EventStore,
    private readonly readStore: ReadStore,
    private readonly freshness: ReadModelFreshness,
  ) {}

  async run(
    keyId: string,
    command: AccountCommand,
  ): Promise<{ effective: boolean; restrictions: KeyRestrictions; kind: ApiKeyKind }> {
    const accountId = await keyOwner(this.readStore, keyId);
    const result = await runCommand(this.events, accountStream(accountId), accountDecider, command);
    const effective = await this.freshness.waitForDocument(API_KEYS_COLLECTION, keyId, result.position);
    const key = result.state.status === 'open' ? result.state.keys[keyId] : undefined;
    return { effective, restrictions: key?.restrictions ?? UNRESTRICTED, kind: key?.kind ?? 'live' };
  }
}
