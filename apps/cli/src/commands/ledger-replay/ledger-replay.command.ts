import type { INestApplicationContext } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AuditLedgerQuery, ListLedgerAccountsQuery, type LedgerAudit } from '@lib/ledger';
import { intFlag, stringFlag, UsageError } from '../../cli-args';
import { CliCommand, EXIT } from '../../cli-command';

type Verdict = 'ok' | 'mismatch' | 'stale';

/** mismatch: the ledger or an up-to-date read model is wrong; stale: the read models have not caught up. */
function verdictOf(audit: LedgerAudit): Verdict {
  if (audit.ledgerProblems.length > 0 || audit.readModelStatus === 'disagrees') return 'mismatch';
  return audit.readModelStatus === 'behind' ? 'stale' : 'ok';
}

const EXIT_FOR: Record<Verdict, number> = { ok: EXIT.ok, mismatch: EXIT.mismatch, stale: EXIT.stale };

function report(audit: LedgerAudit) {
  const mismatches = [...audit.ledgerProblems, ...audit.readModelProblems];
  return {
    accountId: audit.accountId,
    events: audit.events,
    transactions: audit.lines,
    balance: audit.balance,
    readModel: audit.readModel,
    ok: mismatches.length === 0,
    ledgerOk: audit.ledgerProblems.length === 0,
    readModelStatus: audit.readModelStatus,
    mismatches,
  };
}

const audit = (app: INestApplicationContext, accountId: string, waitMs: number): Promise<LedgerAudit> =>
  app.get(QueryBus).execute(new AuditLedgerQuery(accountId, waitMs));

/**
 * `--all`: every account with a ledger in the event store, one after another, printed as a summary (how many
 * agree, are stale or disagree, and each account that does not agree with its problems); the exit code is
 * the worst account's (3 before 4 before 0), so an auditor's script fails when any account disagrees.
 */
async function replayAll(app: INestApplicationContext, waitMs: number) {
  const accounts = await app.get(QueryBus).execute(new ListLedgerAccountsQuery());
  const counts: Record<Verdict, number> = { ok: 0, mismatch: 0, stale: 0 };
  const problems: Array<{ accountId: string; verdict: Verdict; balance: number; mismatches: string[] }> = [];
  for (const accountId of accounts) {
    const audited = await audit(app, accountId, waitMs);
    const verdict = verdictOf(audited);
    counts[verdict]++;
    if (verdict !== 'ok')
      problems.push({ accountId, verdict, balance: audited.balance, mismatches: report(audited).mismatches });
  }
  const worst: Verdict = counts.mismatch > 0 ? 'mismatch' : counts.stale > 0 ? 'stale' : 'ok';
  return {
    exitCode: EXIT_FOR[worst],
    output: {
      accounts: accounts.length,
      agree: counts.ok,
      stale: counts.stale,
      disagree: counts.mismatch,
      ok: worst === 'ok',
      problems,
    },
  };
}

/**
 * Folds the account's ledger stream from its first event by amounts alone and checks the read models
 * against it (AuditLedgerQuery, @lib/ledger). Exit 0: all agree; 3: the ledger or an up-to-date read
 * model is wrong; 4: the ledger is sound but the read models have not caught up (start the service or
 * run rebuild-read-models).
 */
export const ledgerReplay: CliCommand = {
  name: 'ledger-replay',
  usage: 'ledger-replay (--account <accountId> | --all) [--wait-seconds <n, default 5>]',
  async run(app, flags) {
    const waitMs = intFlag(flags, 'wait-seconds', 5) * 1000;
    if (flags.all !== undefined) {
      if (flags.account !== undefined) throw new UsageError('give --account or --all, not both');
      return replayAll(app, waitMs);
    }
    const audited = await audit(app, stringFlag(flags, 'account'), waitMs);
    return { exitCode: EXIT_FOR[verdictOf(audited)], output: report(audited) };
  },
};
