import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '@lib/common';
import { KeyCommandRunner } from '../shared/key-command';
import { RestrictApiKeyCommand, RestrictedKey } from './restrict-api-key.command';

/** Changes a key's limits and waits, as a revocation does, until authentication everywhere applies them. */
@CommandHandler(RestrictApiKeyCommand)
export class RestrictApiKeyHandler implements ICommandHandler<RestrictApiKeyCommand, RestrictedKey> {
  constructor(
    private readonly keys: KeyCommandRunner,
    private readonly clock: Clock,
  ) {}

  async execute(command: RestrictApiKeyCommand): Promise<RestrictedKey> {
    const { effective, restrictions } = await this.keys.run(command.keyId, {
      type: 'RestrictApiKey',
      keyId: command.keyId,
      change: command.change,
      ...(command.by !== undefined ? { by: command.by } : {}),
      at: this.clock.nowIso(),
    });
    return { keyId: command.keyId, ...restrictions, effective };
  }
}
