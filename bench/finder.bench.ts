/**
 * Finder throughput against loopback peers: finder calls per second and SMTP probes per found
 * address, on generated companies whose mailbox formats follow the documented prior (first.last,
 * flast, first, then the long tail), some of them catch-all. Each company has BENCH_PEOPLE staff;
 * one lookup in BENCH_MISS_EVERY is for someone who does not work there.
 *
 *   npm run bench:finder
 *   BENCH_COMPANIES=200 BENCH_CONCURRENCY=16 npm run bench:finder
 *
 * Env: BENCH_COMPANIES (120), BENCH_PEOPLE (5), BENCH_CATCH_ALL_EVERY (10), BENCH_MISS_EVERY (8),
 * BENCH_CONCURRENCY (8 lookups in flight), BENCH_LEARN (1 = the finder remembers confirmed formats),
 * BENCH_TABLE_COMPANIES (4 companies per pattern in the pattern table; 0 skips the table),
 * BENCH_POSTFIX (1 = the pattern table on the real Postfix of scripts/integration/postfix.sh too, started
 * and stopped like bench:probe does, at INTEGRATION_DIR and POSTFIX_ADDRESS).
 */
import { startDnsPeer, ZoneEntry } from '../test/support/peers/dns-peer';
import { accept, startSmtpPeer } from '../test/support/peers/smtp-peer';
import { EmailFinder, type PatternName } from '@lib/finder/testing';
import { isFreeProvider, VerificationEngine } from '@lib/verification-engine';
import { loopbackConfig } from '../test/support/engine-world';
import { mailboxOf, Remembered, runPatternTable, runPostfixPatternTable } from './finder-pattern-table';
import { realPostfix } from './probe-peers';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const COMPANIES = num('BENCH_COMPANIES', 120);
const PEOPLE = num('BENCH_PEOPLE', 5);
const CATCH_ALL_EVERY = num('BENCH_CATCH_ALL_EVERY', 10);
const MISS_EVERY = num('BENCH_MISS_EVERY', 8);
const CONCURRENCY = num('BENCH_CONCURRENCY', 8);
const LEARN = num('BENCH_LEARN', 1) === 1;
const TABLE_COMPANIES = num('BENCH_TABLE_COMPANIES', 4);
const ON_POSTFIX = num('BENCH_POSTFIX', 0) === 1;

// Roughly the prior's shares (36 / 34 / 18 / 12 for the tail), as 50 slots.
const FORMAT_SLOTS: PatternName[] = [
  ...Array<PatternName>(18).fill('first.last'),
  ...Array<PatternName>(17).fill('flast'),
  ...Array<PatternName>(9).fill('first'),
  'firstl',
  'firstlast',
  'last.first',
  'first_last',
  'f.last',
  'lastf',
];
const FIRST = [
  'Anna',
  'Bruno',
  'Chloé',
  'Dieter',
  'Elena',
  'Farid',
  'Greta',
  'Hugo',
  'Ines',
  'Jonas',
  'Katrin',
  'Luis',
];
const LAST = [
  'Müller',
  'van der Berg',
  "O'Neil",
  'García',
  'Schmidt',
  'Novak',
  'Rossi',
  'Dubois',
  'Kowalski',
  'Larsen',
  'Silva',
  'Weber',
];

async function main(): Promise<void> {
  const zones: Record<string, ZoneEntry> = {};
  const domains: Record<
    string,
    { default?: ReturnType<typeof accept>; recipients: Record<string, ReturnType<typeof accept>> }
  > = {};
  const lookups: Array<{ firstName: string; lastName: string; domain: string; expected: string | null; wave: number }> =
    [];
  for (let c = 0; c < COMPANIES; c++) {
    const domain = `company${c}.test`;
    const pattern = FORMAT_SLOTS[(c * 7) % FORMAT_SLOTS.length];
    zones[domain] = { mx: [{ exchange: `mx.${domain}`, priority: 10 }], ttl: 3600 };
    zones[`mx.${domain}`] = { a: ['127.0.0.1'], ttl: 3600 };
    const catchAll = CATCH_ALL_EVERY > 0 && c % CATCH_ALL_EVERY === CATCH_ALL_EVERY - 1;
    domains[domain] = { ...(catchAll ? { default: accept() } : {}), recipients: {} };
    for (let p = 0; p < PEOPLE; p++) {
      const firstName = FIRST[(c + p) % FIRST.length];
      const lastName = LAST[(c * 3 + p) % LAST.length];
      const employed = MISS_EVERY <= 0 || (c * PEOPLE + p) % MISS_EVERY !== 0;
      const mailbox = mailboxOf(firstName, lastName, pattern);
      if (employed) domains[domain].recipients[mailbox] = accept();
      lookups.push({
        firstName,
        lastName,
        domain,
        expected: employed || catchAll ? `${mailbox}@${domain}` : null,
        wave: p,
      });
    }
  }
  // Person by person across companies, so what was confirmed for one colleague can help the next.
  lookups.sort((a, b) => a.wave - b.wave);
  const dns = await startDnsPeer(zones);
  const smtp = await startSmtpPeer({ domains });
  const engine = new VerificationEngine(loopbackConfig(dns.server, smtp.port));
  const memory = new Remembered();
  const finder = new EmailFinder(engine, memory, { isFreeDomain: isFreeProvider });

  let next = 0;
  let found = 0,
    confirmed = 0,
    catchAll = 0,
    correct = 0,
    probes = 0,
    probesOnFound = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < lookups.length) {
        const lookup = lookups[next++];
        const outcome = await finder.find({
          firstName: lookup.firstName,
          lastName: lookup.lastName,
          domain: lookup.domain,
        });
        probes += outcome.probesUsed;
        if (outcome.email) {
          found++;
          probesOnFound += outcome.probesUsed;
          if (outcome.result === 'Ok') confirmed++;
          if (outcome.result === 'Catch-all') catchAll++;
        }
        if (outcome.email === lookup.expected) correct++;
        if (LEARN && outcome.result === 'Ok' && outcome.email) {
          const list = memory.byDomain.get(lookup.domain) ?? [];
          list.push({ email: outcome.email, firstName: lookup.firstName, lastName: lookup.lastName });
          memory.byDomain.set(lookup.domain, list);
        }
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(
    `finder bench: ${lookups.length} lookups on ${COMPANIES} companies (${PEOPLE} each, every ${CATCH_ALL_EVERY}th catch-all, every ${MISS_EVERY}th person absent), concurrency ${CONCURRENCY}, learning ${LEARN ? 'on' : 'off'}`,
  );
  console.log(`  finder calls/second         ${(lookups.length / seconds).toFixed(1)}  (${seconds.toFixed(2)} s)`);
  console.log(
    `  probes per found address    ${(probesOnFound / Math.max(found, 1)).toFixed(2)}  (all probes per call ${(probes / lookups.length).toFixed(2)})`,
  );
  console.log(
    `  found ${found} (Ok ${confirmed}, Catch-all ${catchAll}), expected answer returned ${correct}/${lookups.length}, SMTP sessions ${engine.sessionsOpened}`,
  );
  await engine.close();
  await Promise.all([smtp.close(), dns.close()]);
  if (TABLE_COMPANIES > 0)
    await runPatternTable({
      companiesPerPattern: TABLE_COMPANIES,
      peoplePerCompany: PEOPLE,
      missEvery: MISS_EVERY,
      concurrency: CONCURRENCY,
      learn: LEARN,
    });
  const postfix = ON_POSTFIX ? realPostfix() : null;
  if (postfix) {
    await runPostfixPatternTable(postfix, { concurrency: CONCURRENCY, learn: LEARN });
    postfix.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
