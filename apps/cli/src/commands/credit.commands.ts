import { CommandBus } from '@nestjs/cqrs';
import { AdjustCreditsCommand, CheckoutService, RecordOrderCommand } from '@lib/credits';
import { intFlag, stringFlag } from '../cli-args';
import { CliCommand } from '../cli-command';

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

/** The manual processor's operator decision: the customer paid outside (credits once), or did not. */
export const confirmOrder: CliCommand = {
  name: 'confirm-order',
  usage: 'confirm-order --order <orderId>',
  async run(app, flags) {
    const state = await app.get(CheckoutService).settleManually(stringFlag(flags, 'order'), { kind: 'succeeded' });
    return { output: { orderId: stringFlag(flags, 'order'), status: state.status } };
  },
};

export const failOrder: CliCommand = {
  name: 'fail-order',
  usage: 'fail-order --order <orderId> --reason <text>',
  async run(app, flags) {
    const state = await app
      .get(CheckoutService)
      .settleManually(stringFlag(flags, 'order'), { kind: 'failed', reason: stringFlag(flags, 'reason') });
    return { output: { orderId: stringFlag(flags, 'order'), status: state.status } };
  },
};
