/**
 * The finder's pattern table (issue 26): for each common mailbox format (COMMON_PATTERNS, libs/domain/finder),
 * companies using it, and how many of their people the finder returns and at what cost in RCPTs.
 * - runPatternTable: on a Postfix-like loopback peer (stock smtpd error limits: soft 10 with a 1 s error
 *   sleep, hard 20 then 421). Names mix plain ones, names in the nickname table (Richard, Peter: their
 *   nickname candidates compete with the rare formats) and surnames with two spellings (Müller), the
 *   cases that push a rare format down the candidate list.
 * - runPostfixPatternTable: on the real Postfix of scripts/integration/postfix.sh, whose finder companies
 *   (one per format, five people each) that script writes; its log says how many RCPTs each session had
 *   rejected.
 * Printed by `npm run bench:finder` after the throughput figures (the real Postfix with BENCH_POSTFIX=1).
 */
import { readFileSync, statSync } from 'node:fs';
import { startDnsPeer, ZoneEntry } from '../test/support/peers/dns-peer';
import { accept, postfixDefaults, reject, startSmtpPeer, type DomainScript } from '../test/support/peers/smtp-peer';
import {
  COMMON_PATTERNS,
  DomainFormatSource,
  EmailFinder,
  generateCandidates,
  normaliseName,
  type KnownAddressRecord,
  type PatternName,
} from '@lib/finder/testing';
import { isFreeProvider, VerificationEngine } from '@lib/verification-engine';
import { loopbackConfig } from '../test/support/engine-world';
import { postfixRejectionsPerSession } from '../test/support/cluster/postfix-log';

const PEOPLE: Array<[string, string]> = [
  ['Richard', 'Hendricks'],
  ['Monica', 'Hall'],
  ['Bertram', 'Gilfoyle'],
  ['Dinesh', 'Chugtai'],
  ['Jared', 'Dunn'],
  ['Michael', 'Müller'],
  ['Laurie', 'Bream'],
  ['Gavin', 'Belson'],
  ['Nelson', 'Bighetti'],
  ['Peter', 'Gregory'],
  ['Erlich', 'Bachman'],
  ['Carla', 'Walton'],
];

// Domain labels name the pattern (first.last -> firstdotlast-0.test), so no two patterns share a domain.
const SEPARATOR_WORDS: Record<string, string> = { '.': 'dot', _: 'under', '-': 'dash' };

export interface PatternTableOptions {
  companiesPerPattern: number;
  peoplePerCompany: number;
  /** Every Nth lookup is for someone who does not work there (0: none). */
  missEvery: number;
  concurrency: number;
  learn: boolean;
}

interface Row {
  pattern: PatternName;
  lookups: number;
  employed: number;
  right: number;
  found: number;
  probesOnFound: number;
  probes: number;
}

/** The finder's memory across a run, as the read model would hold it. */
export class Remembered extends DomainFormatSource {
  readonly byDomain = new Map<string, KnownAddressRecord[]>();
  async knownAddresses(domain: string) {
    return this.byDomain.get(domain) ?? [];
  }
}

/** The person's plain spelling rendered in the company's format, as generateCandidates would. */
export function mailboxOf(first: string, last: string, pattern: PatternName): string {
  const parsed = normaliseName(first, last);
  if (!parsed.ok) throw new Error(`unparsable ${first} ${last}`);
  const candidate = generateCandidates(parsed.name, { max: 100 }).find((c) => c.pattern === pattern);
  if (!candidate) throw new Error(`no ${pattern} for ${first} ${last}`);
  return candidate.localPart;
}

interface Lookup {
  firstName: string;
  lastName: string;
  domain: string;
  pattern: PatternName;
  expected: string | null;
  wave: number;
}

const domainOf = (pattern: PatternName, suffix: string) =>
  `${pattern.replace(/[._-]/g, (sep) => SEPARATOR_WORDS[sep])}${suffix}`;

const mxZones = (domains: string[], address: string): Record<string, ZoneEntry> =>
  Object.fromEntries(
    domains.flatMap((domain) => [
      [domain, { mx: [{ exchange: `mx.${domain}`, priority: 10 }], ttl: 3600 }],
      [`mx.${domain}`, { a: [address], ttl: 3600 }],
    ]),
  );

/** Runs every common pattern's companies through one finder and one Postfix-like peer; prints the table. */
export async function runPatternTable(options: PatternTableOptions): Promise<void> {
  const domains: Record<string, DomainScript> = {};
  const lookups: Lookup[] = [];
  let n = 0;
  for (const pattern of COMMON_PATTERNS) {
    for (let c = 0; c < options.companiesPerPattern; c++) {
      const domain = domainOf(pattern, `-${c}.test`);
      domains[domain] = { default: reject(), recipients: {} };
      for (let p = 0; p < options.peoplePerCompany; p++) {
        const [firstName, lastName] = PEOPLE[(c * 3 + p) % PEOPLE.length];
        const employed = options.missEvery <= 0 || ++n % options.missEvery !== 0;
        const mailbox = mailboxOf(firstName, lastName, pattern);
        if (employed) domains[domain].recipients![mailbox] = accept();
        lookups.push({
          firstName,
          lastName,
          domain,
          pattern,
          expected: employed ? `${mailbox}@${domain}` : null,
          wave: p,
        });
      }
    }
  }
  const dns = await startDnsPeer(mxZones(Object.keys(domains), '127.0.0.1'));
  const smtp = await startSmtpPeer({ domains, defences: postfixDefaults() });
  const engine = new VerificationEngine(loopbackConfig(dns.server, smtp.port));
  const { rows, seconds } = await measure(engine, lookups, options);
  const d = smtp.stats.defences;
  printTable(
    `pattern table on a Postfix-like peer (soft error limit 10 + 1 s sleep, hard 20): ${options.companiesPerPattern} companies per pattern x ${options.peoplePerCompany} people, every ${options.missEvery}th absent, concurrency ${options.concurrency}, learning ${options.learn ? 'on' : 'off'}, ${seconds.toFixed(1)} s`,
    rows,
    `SMTP sessions ${engine.sessionsOpened}, most errors in one session ${d.maxErrorsInSession}, delayed replies ${d.delayedReplies}, 421 too many errors ${d.errorDisconnects}`,
  );
  await engine.close();
  await Promise.all([smtp.close(), dns.close()]);
}

/** What scripts/integration/postfix.sh serves the finder (its postfix.env). */
export interface PostfixCompanies {
  host: string;
  port: number;
  maillog: string;
  /** Domain suffix of the companies: first.last -> firstdotlast.<suffix>. */
  finderSuffix: string;
  /** first:last,first:last,... */
  finderPeople: string;
}

/** The same table on the real Postfix: one company per format, its five people and one who is absent. */
export async function runPostfixPatternTable(
  postfix: PostfixCompanies,
  options: Pick<PatternTableOptions, 'concurrency' | 'learn'>,
): Promise<void> {
  const people = postfix.finderPeople.split(',').map((person) => person.split(':') as [string, string]);
  const lookups: Lookup[] = COMMON_PATTERNS.flatMap((pattern) => {
    const domain = domainOf(pattern, `.${postfix.finderSuffix}`);
    return [...people, ['Alan', 'Smithee'] as [string, string]].map(([firstName, lastName], wave) => ({
      firstName,
      lastName,
      domain,
      pattern,
      expected: wave < people.length ? `${mailboxOf(firstName, lastName, pattern)}@${domain}` : null,
      wave,
    }));
  });
  const dns = await startDnsPeer(mxZones([...new Set(lookups.map((l) => l.domain))], postfix.host));
  const engine = new VerificationEngine(loopbackConfig(dns.server, postfix.port));
  const logStart = statSync(postfix.maillog).size;
  const { rows, seconds } = await measure(engine, lookups, options);
  await engine.close();
  const rejections = await postfixRejectionsPerSession(postfix.maillog, logStart, engine.sessionsOpened);
  const tooMany =
    readFileSync(postfix.maillog, 'utf8')
      .slice(logStart)
      .match(/too many errors/g)?.length ?? 0;
  printTable(
    `pattern table on the real Postfix (${postfix.host}:${postfix.port}, stock smtpd limits): 1 company per pattern x ${people.length} people and 1 absent, concurrency ${options.concurrency}, learning ${options.learn ? 'on' : 'off'}, ${seconds.toFixed(1)} s`,
    rows,
    `SMTP sessions ${engine.sessionsOpened}, most RCPTs rejected in one session (Postfix's log) ${Math.max(0, ...rejections)}, "too many errors" ${tooMany}`,
  );
  await dns.close();
}

/** Looks every lookup up, person by person across companies, so a colleague confirmed earlier helps the next. */
async function measure(
  engine: VerificationEngine,
  lookups: Lookup[],
  options: Pick<PatternTableOptions, 'concurrency' | 'learn'>,
): Promise<{ rows: Map<PatternName, Row>; seconds: number }> {
  const memory = new Remembered();
  const finder = new EmailFinder(engine, memory, { isFreeDomain: isFreeProvider });
  const ordered = [...lookups].sort((a, b) => a.wave - b.wave);
  const rows = new Map<PatternName, Row>(
    COMMON_PATTERNS.map((pattern) => [
      pattern,
      { pattern, lookups: 0, employed: 0, right: 0, found: 0, probesOnFound: 0, probes: 0 },
    ]),
  );
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (next < ordered.length) {
        const lookup = ordered[next++];
        const outcome = await finder.find(lookup);
        const row = rows.get(lookup.pattern)!;
        row.lookups++;
        row.probes += outcome.probesUsed;
        if (lookup.expected) row.employed++;
        if (outcome.email) {
          row.found++;
          row.probesOnFound += outcome.probesUsed;
        }
        if (lookup.expected && outcome.email === lookup.expected) row.right++;
        if (options.learn && outcome.result === 'Ok' && outcome.email) {
          const list = memory.byDomain.get(lookup.domain) ?? [];
          list.push({ email: outcome.email, firstName: lookup.firstName, lastName: lookup.lastName });
          memory.byDomain.set(lookup.domain, list);
        }
      }
    }),
  );
  return { rows, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

function printTable(title: string, rows: Map<PatternName, Row>, footer: string): void {
  console.log(`\n${title}`);
  console.log('  pattern       found right / employed   probes per found address   probes per call');
  let totalRight = 0,
    totalEmployed = 0,
    totalFound = 0,
    totalProbesOnFound = 0;
  for (const row of rows.values()) {
    totalRight += row.right;
    totalEmployed += row.employed;
    totalFound += row.found;
    totalProbesOnFound += row.probesOnFound;
    const perFound = row.found > 0 ? (row.probesOnFound / row.found).toFixed(2) : '-';
    console.log(
      `  ${row.pattern.padEnd(12)}  ${`${row.right} / ${row.employed}`.padStart(21)}   ${perFound.padStart(24)}   ${(row.probes / Math.max(1, row.lookups)).toFixed(2).padStart(15)}`,
    );
  }
  console.log(
    `  all           ${`${totalRight} / ${totalEmployed}`.padStart(21)}   ${(totalProbesOnFound / Math.max(1, totalFound)).toFixed(2).padStart(24)}`,
  );
  console.log(`  ${footer}`);
}
