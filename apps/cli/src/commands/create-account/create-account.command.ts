import { AccountOpening } from '@lib/teams';
import { intFlag, stringFlag } from '../../cli-args';
import { CliCommand } from '../../cli-command';

// The owner key works once a projector (the running server's) has projected it; the CLI only records events.

export const createAccount: CliCommand = {
  name: 'create-account',
  usage: 'create-account --name <name> [--credits <n>]',
  async run(app, flags) {
    const name = stringFlag(flags, 'name');
    const credits = intFlag(flags, 'credits', 0);
    const { accountId, keyId, apiKey } = await app.get(AccountOpening).withOwnerKey(name, credits);
    return { output: { accountId, keyId, apiKey, credits } };
  },
};
