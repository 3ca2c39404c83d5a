import { CommandBus } from '@nestjs/cqrs';
import { IssueApiKeyCommand, OpenAccountCommand, RevokeApiKeyCommand, RotateApiKeyCommand } from '@lib/accounts';
import { GrantCreditsCommand } from '@lib/credits';
import { intFlag, stringFlag } from '../cli-args';
import { CliCommand } from '../cli-command';

// Keys work once a projector (the running server's) has projected them; the CLI only records events.

export const createAccount: CliCommand = {
  name: 'create-account',
  usage: 'create-account --name <name> [--credits <n>]',
  async run(app, flags) {
    const name = stringFlag(flags, 'name');
    const credits = intFlag(flags, 'credits', 0);
    const commands = app.get(CommandBus);
    const opened = await commands.execute(new OpenAccountCommand(name));
    if (credits > 0)
      await commands.execute(
        new GrantCreditsCommand(opened.accountId, credits, 'opening balance', `open-${opened.accountId}`),
      );
    return { output: { accountId: opened.accountId, keyId: opened.keyId!, apiKey: opened.apiKey!, credits } };
  },
};

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

export const revokeKey: CliCommand = {
  name: 'revoke-key',
  usage: 'revoke-key --key <keyId>',
  async run(app, flags) {
    return { output: await app.get(CommandBus).execute(new RevokeApiKeyCommand(stringFlag(flags, 'key'))) };
  },
};

export const rotateKey: CliCommand = {
  name: 'rotate-key',
  usage: 'rotate-key --key <keyId>',
  async run(app, flags) {
    return { output: await app.get(CommandBus).execute(new RotateApiKeyCommand(stringFlag(flags, 'key'))) };
  },
};
