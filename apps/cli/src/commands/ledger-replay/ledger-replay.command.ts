import {
  auditLedger,
  CREDIT_BALANCES_COLLECTION,
  CREDIT_TRANSACTIONS_COLLECTION,
  CreditBalanceDoc,
  creditLedgerStream,
  CreditTransactionDoc,
} from '@lib/credits';
import { EventStore } from '@lib/eventstore';
import { ReadModelFreshness } from '@lib/platform';
import { ReadStore } from '@lib/readstore';
import { intFlag, stringFlag } from '../../cli-args';
import { CliCommand, EXIT } from '../../cli-command';
import { compareWithReadModel, ReadModelFigures } from './ledger-comparison';

async function readModelFigures(readStore: ReadStore, accountId: string): Promise<ReadModelFigures> {
  const balance = await readStore.collection<CreditBalanceDoc>(CREDIT_BALANCES_COLLECTION).get(accountId);
  let transactionCount = 0;
  let transactionSum = 0;
  for await (const tx of readStore
    .collection<CreditTransactionDoc>(CREDIT_TRANSACTIONS_COLLECTION)
    .stream({ filter: { accountId } })) {
    transactionCount++;
    transactionSum += tx.amount;
  }
  return { balance, transactionCount, transactionSum };
}

/**
 * Folds the account's ledger stream from its first event by amounts alone and checks the read models
 * against it. Exit 0: all agree; 3: the ledger or an up-to-date read model is wrong; 4: the ledger is
 * sound but the read models have not caught up (start the service or run rebuild-read-models).
 */
export const ledgerReplay: CliCommand = {
  name: 'ledger-replay',
  usage: 'ledger-replay --account <accountId> [--wait-seconds <n, default 5>]',
  async run(app, flags) {
    const accountId = stringFlag(flags, 'account');
    const recorded = await app.get(EventStore).readStream(creditLedgerStream(accountId));
    const last = recorded[recorded.length - 1];
    // A projector in another process may still be applying the newest events: give it a moment.
    if (last)
      await app
        .get(ReadModelFreshness)
        .waitForDocument(
          CREDIT_BALANCES_COLLECTION,
          accountId,
          last.position,
          intFlag(flags, 'wait-seconds', 5) * 1000,
        );
    const audit = auditLedger(recorded);
    const figures = await readModelFigures(app.get(ReadStore), accountId);
    const comparison = compareWithReadModel(recorded, audit, figures);
    const mismatches = [...comparison.ledgerProblems, ...comparison.readModelProblems];
    const wrong = comparison.ledgerProblems.length > 0 || comparison.readModel === 'disagrees';
    const doc = figures.balance;
    return {
      exitCode: wrong ? EXIT.mismatch : comparison.readModel === 'behind' ? EXIT.stale : EXIT.ok,
      output: {
        accountId,
        events: recorded.length,
        transactions: audit.lines,
        balance: audit.balance,
        readModel: doc
          ? {
              balance: doc.balance,
              held: doc.held,
              available: doc.available,
              position: doc._position ?? null,
              transactions: figures.transactionCount,
            }
          : null,
        ok: mismatches.length === 0,
        ledgerOk: comparison.ledgerProblems.length === 0,
        readModelStatus: comparison.readModel,
        mismatches,
      },
    };
  },
};
