/**
 * Refreshes the disposable-mail data in one go (libs/domain/verification-engine/README.md, "Data"):
 *  1. the npm domain lists (disposable-email-domains, disposable-domains, mailchecker,
 *     burner-email-providers) and email-providers, to their latest versions, pinned exactly;
 *  2. libs/domain/verification-engine/data/disposable-mx-hosts.json, the MX hosts and addresses of throwaway
 *     providers, from infiniteloopltd/TempEmailDomainMXRecords (observed domain, MX, IP rows) and
 *     data/disposable-mx-curated.json, filtered against the lists just installed;
 *  3. with --resolve, where DNS to the internet exists: today's A/AAAA of every kept host, added.
 *
 *   npm run update:disposable-lists                        # all of it, fetching the CSV
 *   npm run update:disposable-lists -- --no-install --mx-csv ./TempEmailDomainMXRecords.csv
 *   npm run update:disposable-lists -- --resolve           # also resolve the hosts now
 *
 * Then run `npx jest libs/domain/verification-engine/src/lists` and copy the sizes it prints into libs/domain/verification-engine/README.md.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { promises as dns } from 'node:dns';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const DATA = join(ROOT, 'libs/domain/verification-engine/data');
const LIST_PACKAGES = [
  'disposable-email-domains',
  'disposable-domains',
  'mailchecker',
  'burner-email-providers',
  'email-providers',
];
/** The observation CSV at the commit the table was built from; --mx-csv reads the same file from elsewhere. */
const MX_CSV = {
  name: 'infiniteloopltd/TempEmailDomainMXRecords TempEmailDomainMXRecords.csv (domain, MX, IP rows)',
  revision: '9924b6c5b8a735f43543a6c0ddbfe4def441d792',
  observed: '2021-11-15',
  url: 'https://raw.githubusercontent.com/infiniteloopltd/TempEmailDomainMXRecords/9924b6c5b8a735f43543a6c0ddbfe4def441d792/TempEmailDomainMXRecords.csv',
};

interface CuratedSource {
  name: string;
  revision: string;
  observed: string;
  hosts: string[];
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  if (!args.includes('--no-install')) {
    const specs = LIST_PACKAGES.map((p) => `${p}@latest`);
    execFileSync('npm', ['install', '--save-exact', ...specs], { cwd: ROOT, stdio: 'inherit' });
  }
  // Loaded only now, so the table is filtered against the lists just installed.
  const build = await import('@lib/verification-engine/testing');
  const { isDisposableDomain, isSharedMailInfrastructure } = build;
  const rules = { isListed: (d: string) => isDisposableDomain(d), isShared: isSharedMailInfrastructure };

  const csvPath = option('--mx-csv');
  const csv =
    csvPath && !/^https?:/.test(csvPath) ? readFileSync(csvPath, 'utf8') : await download(csvPath ?? MX_CSV.url);
  const observed = build.hostsFromObservations(build.observationsFromCsv(csv), rules);
  const curatedFile = JSON.parse(readFileSync(join(DATA, 'disposable-mx-curated.json'), 'utf8')) as {
    sources: CuratedSource[];
  };
  const curated = curatedFile.sources.map((s) => ({ source: s, hosts: build.curatedHosts(s.hosts, rules) }));

  const hosts = new Set([...observed.hosts, ...curated.flatMap((c) => c.hosts)]);
  const addresses = new Set(observed.addresses);
  const sources: import('@lib/verification-engine/testing').MxTableSource[] = [
    { ...pick(MX_CSV), hosts: observed.hosts.length, addresses: observed.addresses.length },
    ...curated.map((c) => ({ ...pick(c.source), hosts: c.hosts.length, addresses: 0 })),
  ];
  if (args.includes('--resolve')) {
    const resolved = await resolveAll([...hosts]);
    resolved.forEach((a) => addresses.add(a));
    const today = new Date().toISOString().slice(0, 10);
    sources.push({
      name: 'A/AAAA of the hosts above',
      revision: 'system resolver',
      observed: today,
      hosts: 0,
      addresses: resolved.length,
    });
  }
  const table = {
    generated: new Date().toISOString().slice(0, 10),
    sources,
    hosts: [...hosts].sort(),
    addresses: [...addresses].sort(),
  };
  writeFileSync(join(DATA, 'disposable-mx-hosts.json'), `${JSON.stringify(table, null, 2)}\n`);
  console.log(`disposable-mx-hosts.json: ${table.hosts.length} hosts, ${table.addresses.length} addresses`);
  for (const s of sources)
    console.log(`  ${s.name} @ ${s.revision} (${s.observed}): ${s.hosts} hosts, ${s.addresses} addresses`);
}

const pick = (s: { name: string; revision: string; observed: string }) => ({
  name: s.name,
  revision: s.revision,
  observed: s.observed,
});

async function download(url: string): Promise<string> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res.text();
}

/** Each host's A and AAAA through the system resolver, 16 at a time; a host that fails adds nothing. */
async function resolveAll(hosts: string[]): Promise<string[]> {
  const found = new Set<string>();
  for (let i = 0; i < hosts.length; i += 16) {
    const batch = hosts.slice(i, i + 16);
    const answers = await Promise.all(
      batch.flatMap((h) => [dns.resolve4(h).catch(() => []), dns.resolve6(h).catch(() => [])]),
    );
    answers.flat().forEach((a) => found.add(a));
  }
  return [...found];
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
