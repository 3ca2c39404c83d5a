import { CommandBus } from '@nestjs/cqrs';
import { AdjustCreditsCommand } from '@lib/ledger';
import { intFlag, stringFlag } from '../../cli-args';
import { CliCommand } from '../../cli-command';

export const adjust: CliCommand = {
  name: 'adjust',
  usage: 'adjust --account <accountId> --amount <signed n> --reason <text>',
  async run(app, flags) {
    const view = await app
      .get(CommandBus)
      .execute(
        new AdjustCreditsCommand(stringFlag(flags, 'account'), intFlag(flags, 'amount'), stringFlag(flags, 'reason')),
      );
    return { output: { balance: view.balance, held: view.held, available: view.available } };
  },
};
