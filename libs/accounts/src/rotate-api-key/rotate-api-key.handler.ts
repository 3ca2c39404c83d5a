import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '@lib/common';
import { EventStore, runCommand } from '@lib/eventstore';
import { ReadStore } from '@lib/readstore';
import { ReadModelFreshness } from '@lib/platform';
import { accountDecider, accountStream } from '../domain/account.decider';
import { keyOwner } from '../key-owner';
import { formatApiKey, hashSecret, newSecret } from '../keys/api-key-secret';
import { API_KEYS_COLLECTION } from '../projection/api-keys.projection';
import { RotateApiKeyCommand } from './rotate-api-key.command';

/** Replaces a key's secret under the same key id; the old secret stops working when this returns. */
@CommandHandler(RotateApiKeyCommand)
export class RotateApiKeyHandler implements ICommandHandler<RotateApiKeyCommand> {
  constructor(
    private readonly events: EventStore,
    private readonly readStore: ReadStore,
    private readonly freshness: ReadModelFreshness,
    private readonly clock: Clock,
  ) {}

  async execute(command: RotateApiKeyCommand): Promise<{ keyId: string; apiKey: string }> {
    const accountId = await keyOwner(this.readStore, command.keyId);
    const secret = newSecret();
    const result = await runCommand(this.events, accountStream(accountId), accountDecider, {
      type: 'RotateApiKey', keyId: command.keyId, secretHash: hashSecret(secret), at: this.clock.nowIso(),
    });
    await this.freshness.waitForDocument(API_KEYS_COLLECTION, command.keyId, result.position);
    return { keyId: command.keyId, apiKey: formatApiKey(command.keyId, secret) };
  }
}
