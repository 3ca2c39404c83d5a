import { CommandBus } from '@nestjs/cqrs';
import { OpenAccountCommand } from '@lib/accounts';
import { GrantCreditsCommand } from '@lib/credits';
import { intFlag, stringFlag } from '../../cli-args';
import { CliCommand } from '../../cli-command';

// The owner key works once a projector (the running server's) has projected it; the CLI only records events.

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
