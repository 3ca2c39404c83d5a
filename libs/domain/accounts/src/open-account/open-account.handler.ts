import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock, newNumericId } from '@lib/common';
import { EventStore, runCommand } from '@lib/eventstore';
import { accountDecider, accountStream } from '../domain/account.decider';
import { formatApiKey, hashSecret, newKeyId, newSecret } from '../keys/api-key-secret';
import { OpenAccountCommand, OpenedAccount } from './open-account.command';

@CommandHandler(OpenAccountCommand)
export class OpenAccountHandler implements ICommandHandler<OpenAccountCommand, OpenedAccount> {
  constructor(
    private readonly events: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute(command: OpenAccountCommand): Promise<OpenedAccount> {
    const accountId = command.accountId ?? String(newNumericId(this.clock.now()));
    const keyId = newKeyId();
    const secret = newSecret();
    const ownerKey = command.withOwnerKey ? { keyId, secretHash: hashSecret(secret) } : undefined;
    const result = await runCommand(this.events, accountStream(accountId), accountDecider, {
      type: 'OpenAccount',
      accountId,
      name: command.name,
      ownerKey,
      ownerUserId: command.ownerUserId,
      at: this.clock.nowIso(),
    });
    if (!ownerKey) return { accountId, keyId: null, apiKey: null, position: result.position };
    return { accountId, keyId, apiKey: formatApiKey('live', keyId, secret), position: result.position };
  }
}
