import { CommandBus } from '@nestjs/cqrs';
import { RecordOrderCommand } from '@lib/billing';
import { intFlag, stringFlag } from '../../cli-args';
import { CliCommand } from '../../cli-command';

export const addOrder: CliCommand = {
  name: 'add-order',
  usage: 'add-order --account <accountId> --package <packageId> [--promotion <promotionId>]',
  async run(app, flags) {
    const promotion = flags.promotion === undefined ? null : intFlag(flags, 'promotion');
    return {
      output: await app
        .get(CommandBus)
        .execute(new RecordOrderCommand(stringFlag(flags, 'account'), intFlag(flags, 'package'), promotion)),
    };
  },
};
