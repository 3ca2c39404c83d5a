import { CheckoutService } from '@lib/billing';
import { stringFlag } from '../../cli-args';
import { CliCommand } from '../../cli-command';

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
