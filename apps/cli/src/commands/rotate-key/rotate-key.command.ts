import { CommandBus } from '@nestjs/cqrs';
import { RotateApiKeyCommand } from '@lib/accounts';
import { stringFlag } from '../../cli-args';
import { CliCommand } from '../../cli-command';

// The key works once a projector (the running server's) has projected it; the CLI only records events.

export const rotateKey: CliCommand = {
  name: 'rotate-key',
  usage: 'rotate-key --key <keyId>',
  async run(app, flags) {
    return { output: await app.get(CommandBus).execute(new RotateApiKeyCommand(stringFlag(flags, 'key'))) };
  },
};
