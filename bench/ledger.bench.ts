// Ledger charges per second on ONE account with 50 concurrent chargers (hold 1 then settle 1, the
// path every verification takes), on the embedded event store; the final balance is checked exactly.
//   npm run bench:ledger [-- --charges 5000 --concurrency 50]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SystemClock } from '@lib/common';
import { CreditLedger } from '@lib/ledger';
import { auditLedger, creditLedgerStream } from '@lib/ledger/testing';
import { SqliteEventStore } from '@lib/eventstore';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

async function main(): Promise<void> {
  const charges = flag('charges', 5000);
  const concurrency = flag('concurrency', 50);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-bench-'));
  const events = new SqliteEventStore(path.join(dir, 'events.sqlite'));
  const ledger = new CreditLedger(events, new SystemClock());
  const accountId = '1';
  const opening = charges + 1000;
  await ledger.grant(accountId, opening, 0, { kind: 'grant', reason: 'bench' });
  let next = 0;
  const latencies: number[] = [];
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < charges) {
        const id = `c-${next++}`;
        const t0 = process.hrtime.bigint();
        await ledger.hold(accountId, { holdId: id, amount: 1, purpose: 'verification', reference: id });
        await ledger.settle(accountId, id, 1);
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const view = await ledger.current(accountId);
  const audit = auditLedger(await events.readStream(creditLedgerStream(accountId)));
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(1);
  const expected = opening - charges;
  const ok = view.balance === expected && view.held === 0 && audit.ok && audit.balance === expected;
  console.log(`ledger: ${charges} charges (hold+settle) on one account, ${concurrency} concurrent chargers`);
  console.log(
    `  ${(charges / seconds).toFixed(0)} charges/s  (${seconds.toFixed(2)} s; ${((charges * 2) / seconds).toFixed(0)} ledger commands/s, group-committed)`,
  );
  console.log(`  latency per charge p50 ${pct(0.5)} ms  p99 ${pct(0.99)} ms`);
  console.log(
    `  final balance ${view.balance} (expected ${expected}), held ${view.held}, replayed ${audit.balance}: ${ok ? 'EXACT' : 'MISMATCH'}`,
  );
  await events.close();
  fs.rmSync(dir, { recursive: true, force: true });
  if (!ok) process.exit(1);
}

void main();
