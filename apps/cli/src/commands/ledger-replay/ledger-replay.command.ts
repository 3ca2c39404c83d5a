import { QueryBus } from '@nestjs/cqrs';
import { AuditLedgerQuery } from '@lib/credits';
import { intFlag, stringFlag } from '../../cli-args';
import { CliCommand, EXIT } from '../../cli-command';

/**
 * Folds the account's ledger stream from its first event by amounts alone and checks the read models
 * against it (AuditLedgerQuery, @lib/credits). Exit 0: all agree; 3: the ledger or an up-to-date read
 * model is wrong; 4: the ledger is sound but the read models have not caught up (start the service or
 * run rebuild-read-models).
 */
export const ledgerReplay: CliCommand = {
  name: 'ledger-replay',
  usage: 'ledger-replay --account <accountId> [--wait-seconds <n, default 5>]',
  async run(app, flags) {
    const accountId = stringFlag(flags, 'account');
    const audit = await app
      .get(QueryBus)
      .execute(new AuditLedgerQuery(accountId, intFlag(flags, 'wait-seconds', 5) * 1000));
    const mismatches = [...audit.ledgerProblems, ...audit.readModelProblems];
    const wrong = audit.ledgerProblems.length > 0 || audit.readModelStatus === 'disagrees';
    return {
      exitCode: wrong ? EXIT.mismatch : audit.readModelStatus === 'behind' ? EXIT.stale : EXIT.ok,
      output: {
        accountId,
        events: audit.events,
        transactions: audit.lines,
        balance: audit.balance,
        readModel: audit.readModel,
        ok: mismatches.length === 0,
        ledgerOk: audit.ledgerProblems.length === 0,
        readModelStatus: audit.readModelStatus,
        mismatches,
      },
    };
  },
};
