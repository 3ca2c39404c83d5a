import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '@lib/common';
import { KeyCommandRunner } from '../shared/key-command';
import { RevokeApiKeyCommand, RevokedKey } from './revoke-api-key.command';

@CommandHandler(RevokeApiKeyCommand)
export class RevokeApiKeyHandler implements ICommandHandler<RevokeApiKeyCommand, RevokedKey> {
  constructor(
    private readonly keys: KeyCommandRunner,
    private readonly clock: Clock,
  ) {}

  async execute(command: RevokeApiKeyCommand): Promise<RevokedKey> {
    const at = this.clock.nowIso();
    const { effective } = await this.keys.run(command.keyId, {
      type: 'RevokeApiKey',
      keyId: command.keyId,
      ...(command.by !== undefined ? { by: command.by } : {}),
      at,
    });
    return { keyId: command.keyId, revokedAt: at, effective };
  }
}
