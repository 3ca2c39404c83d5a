import { CommandBus } from '@nestjs/cqrs';
import { IssueApiKeyCommand } from '@lib/accounts';
import { stringFlag } from '../../cli-args';
import { CliCommand } from '../../cli-command';

// The key works once a projector (the running server's) has projected it; the CLI only records events.

export const createKey: CliCommand = {
  name: 'create-key',
  usage: 'create-key --account <accountId> [--label <label>]',
  async run(app, flags) {
    const issued = await app
      .get(CommandBus)
      .execute(new IssueApiKeyCommand(stringFlag(flags, 'account'), flags.label ?? 'member'));
    return { output: { keyId: issued.keyId, apiKey: issued.apiKey } };
  },
};
