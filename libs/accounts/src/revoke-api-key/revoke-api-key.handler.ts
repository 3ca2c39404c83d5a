import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '@lib/common';
import { EventStore, runCommand } from '@lib/eventstore';
import { ReadStore } from '@lib/readstore';
import { ReadModelFreshness } from '@lib/platform';
import { accountDecider, accountStream } from '../domain/account.decider';
import { keyOwner } from '../key-owner';
import { API_KEYS_COLLECTION } from '../projection/api-keys.projection';
import { RevokeApiKeyCommand } from './revoke-api-key.command';

@CommandHandler(RevokeApiKeyCommand)
export class RevokeApiKeyHandler implements ICommandHandler<RevokeApiKeyCommand> {
  constructor(
    private readonly events: EventStore,
    private readonly readStore: ReadStore,
    private readonly freshness: ReadModelFreshness,
    private readonly clock: Clock,
  ) {}

  async execute(command: RevokeApiKeyCommand): Promise<{ keyId: string; revokedAt: string }> {
    const accountId = await keyOwner(this.readStore, command.keyId);
    const at = this.clock.nowIso();
    const result = await runCommand(this.events, accountStream(accountId), accountDecider, { type: 'RevokeApiKey', keyId: command.keyId, at });
    // Answer only once authentication (which reads the read model in every process) refuses the key.
    await this.freshness.waitForDocument(API_KEYS_COLLECTION, command.keyId, result.position);
    return { keyId: command.keyId, revokedAt: at };
  }
}
