import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '@lib/common';
import { EventStore, runCommand } from '@lib/eventstore';
import { accountDecider, accountStream } from '../domain/account.decider';
import { formatApiKey, hashSecret, newKeyId, newSecret } from '../keys/api-key-secret';
import { IssueApiKeyCommand, IssuedKey } from './issue-api-key.command';
import { UNRESTRICTED } from '../domain/key-restrictions';
import { ACCOUNTS_CONFIG, AccountsConfig } from '../accounts.config';

@CommandHandler(IssueApiKeyCommand)
export class IssueApiKeyHandler implements ICommandHandler<IssueApiKeyCommand, IssuedKey> {
  constructor(
    private readonly events: EventStore,
    private readonly clock: Clock,
    @Inject(ACCOUNTS_CONFIG) private readonly config: AccountsConfig,
  ) {}

  async execute(command: IssueApiKeyCommand): Promise<IssuedKey> {
    const keyId = newKeyId();
    const secret = newSecret();
    const result = await runCommand(this.events, accountStream(command.accountId), accountDecider, {
      type: 'IssueApiKey',
      maxActiveKeys: this.config.maxKeysPerAccount,
      keyId,
      secretHash: hashSecret(secret),
      label: command.label,
      userId: command.userId,
      ...(command.restrictions ? { restrictions: command.restrictions } : {}),
      ...(command.kind !== undefined ? { kind: command.kind } : {}),
      at: this.clock.nowIso(),
    });
    const key = result.state.status === 'open' ? result.state.keys[keyId] : undefined;
    const kind = key?.kind ?? 'live';
    return {
      keyId,
      apiKey: formatApiKey(kind, keyId, secret),
      position: result.position,
      kind,
      restrictions: key?.restrictions ?? UNRESTRICTED,
    };
  }
}
