import { CommandBus } from '@nestjs/cqrs';
import { RevokeApiKeyCommand } from '@lib/accounts';
import { stringFlag } from '../../cli-args';
import { CliCommand } from '../../cli-command';

export const revokeKey: CliCommand = {
  name: 'revoke-key',
  usage: 'revoke-key --key <keyId>',
  async run(app, flags) {
    return { output: await app.get(CommandBus).execute(new RevokeApiKeyCommand(stringFlag(flags, 'key'))) };
  },
};
