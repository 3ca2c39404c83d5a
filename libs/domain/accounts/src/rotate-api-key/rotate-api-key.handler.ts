import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '@lib/common';
import { KeyCommandRunner } from '../shared/key-command';
import { formatApiKey, hashSecret, newSecret } from '../keys/api-key-secret';
import { RotateApiKeyCommand, RotatedKey } from './rotate-api-key.command';

/** Replaces a key's secret under the same key id. */
@CommandHandler(RotateApiKeyCommand)
export class RotateApiKeyHandler implements ICommandHandler<RotateApiKeyCommand, RotatedKey> {
  constructor(
    private readonly keys: KeyCommandRunner,
    private readonly clock: Clock,
  ) {}

  async execute(command: RotateApiKeyCommand): Promise<RotatedKey> {
    const secret = newSecret();
    const { effective, kind } = await this.keys.run(command.keyId, {
      type: 'RotateApiKey',
      keyId: command.keyId,
      secretHash: hashSecret(secret),
      ...(command.by !== undefined ? { by: command.by } : {}),
      at: this.clock.nowIso(),
    });
    return { keyId: command.keyId, apiKey: formatApiKey(kind, command.keyId, secret), effective };
  }
}
