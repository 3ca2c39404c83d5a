#!/usr/bin/env node
// The mailcheck command: `mailcheck verify list.csv` (or .xlsx, .txt), `find`, `balance`, `webhooks` (usage below).
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Mailcheck } from '../client.js';
import { MailcheckError } from '../errors.js';
import { Job } from '../jobs.js';
import { ProgressDisplay, ProgressView } from './progress.js';

const USAGE = `Usage: mailcheck <command> [options]

  verify <file | address>       upload a list (.csv, .txt or .xlsx), show live progress, download the results
      --out FILE                where to write the results (default: the name the service gives,
                                reduced to a plain file name, never replacing an existing file)
      --force                   replace an existing file of the service's name
      --results LIST            keep only rows with these results, e.g. ok,catch_all
      --columns LIST            result columns to add, e.g. result,riskScore (none, all)
      --simple                  add one "Email status" column in plain words instead (not with --columns)
      --email-column N          zero-based column of the addresses (default: detected)
      --dedupe                  one row per address
      --sheet NAME              the sheet of an .xlsx to verify (default: the first)
      --allow-duplicate         verify (and pay for) a file uploaded recently with the same options again
      --no-wait                 print the job and exit once it is uploaded
  resume <job id>               resume a list stopped because the balance ran out (after buying
                                credits): from its first undone row, done rows not charged again;
                                progress and download as verify
  find --first NAME --last NAME --domain DOMAIN    find one person's address
  find <contacts.csv|.xlsx> [--out FILE] [--sheet NAME]  a finder job, with progress and download
  balance                                          the credit balance
  webhooks list | create URL [--events job.completed,job.failed] | delete ID | test ID
           | toggle ID [--active true|false] | rotate-secret ID | deliveries ID

  --api-key KEY    (or MAILCHECK_API_KEY)      --base-url URL  (or MAILCHECK_BASE_URL)
  --json           print answers as JSON       --help

Exit status: 0 done, 1 the service refused or the job failed or was cancelled, 2 bad usage.`;

const OPTIONS = {
  'api-key': { type: 'string' },
  'base-url': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  out: { type: 'string', short: 'o' },
  force: { type: 'boolean' },
  results: { type: 'string' },
  columns: { type: 'string' },
  simple: { type: 'boolean' },
  'email-column': { type: 'string' },
  dedupe: { type: 'boolean' },
  sheet: { type: 'string' },
  'allow-duplicate': { type: 'boolean' },
  'no-wait': { type: 'boolean' },
  first: { type: 'string' },
  last: { type: 'string' },
  domain: { type: 'string' },
  events: { type: 'string' },
  active: { type: 'string' },
} as const;

class UsageError extends Error {}

type Flags = ReturnType<typeof parse>['values'];
const parse = (argv: string[]) => parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const { values: flags, positionals } = parsed;
  const [command, ...args] = positionals;
  if (flags.help || !command) {
    (flags.help ? process.stdout : process.stderr).write(`${USAGE}\n`);
    return flags.help ? 0 : 2;
  }
  try {
    const apiKey = flags['api-key'] ?? env.MAILCHECK_API_KEY;
    if (!apiKey) throw new UsageError('no API key: pass --api-key or set MAILCHECK_API_KEY');
    const baseUrl = flags['base-url'] ?? env.MAILCHECK_BASE_URL;
    const warning = insecureBaseUrlWarning(baseUrl);
    if (warning) process.stderr.write(`${warning}\n`);
    const client = new Mailcheck({ apiKey, baseUrl });
    switch (command) {
      case 'verify':
        return await verify(client, args, flags);
      case 'resume':
        return await resume(client, args, flags);
      case 'find':
        return await find(client, args, flags);
      case 'balance':
        return print(
          await client.credits.balance(),
          flags,
          (b) => `${b.available} credits available (balance ${b.balance}, held ${b.held})`,
        );
      case 'webhooks':
        return await webhooks(client, args, flags);
      default:
        throw new UsageError(`unknown command: ${command}`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof MailcheckError) {
      process.stderr.write(`error ${error.code || error.name}: ${error.message}\n`);
      return 1;
    }
    const path = (error as { path?: unknown }).path;
    if (typeof path === 'string') {
      process.stderr.write(`cannot read ${path}: ${(error as Error).message}\n`);
      return 1;
    }
    throw error;
  }
}

function print<T>(value: T, flags: Flags, text: (value: T) => string): number {
  process.stdout.write(`${flags.json ? JSON.stringify(value, null, 2) : text(value)}\n`);
  return 0;
}

async function verify(client: Mailcheck, args: string[], flags: Flags): Promise<number> {
  const [target] = args;
  if (!target) throw new UsageError('verify needs a list file (.csv, .txt, .xlsx) or an address');
  if (!existsSync(target) && target.includes('@')) {
    return print(
      await client.verify(target),
      flags,
      (r) => `${r.email}: ${r.result}${r.subResult ? ` (${r.subResult})` : ''}`,
    );
  }
  const emailColumn = flags['email-column'] === undefined ? undefined : Number(flags['email-column']);
  if (emailColumn !== undefined && !Number.isInteger(emailColumn))
    throw new UsageError('--email-column must be a number');
  const job = await client.jobs.create(target, {
    emailColumn,
    dedupe: flags.dedupe,
    sheet: flags.sheet,
    allowDuplicate: flags['allow-duplicate'],
  });
  return follow(job, flags, 'verify');
}

async function resume(client: Mailcheck, args: string[], flags: Flags): Promise<number> {
  const [id] = args;
  if (!id || !/^\d+$/.test(id)) throw new UsageError('resume needs the id of a job');
  const job = await client.jobs.get(id);
  await job.resume();
  return follow(job, flags, 'verify');
}

async function find(client: Mailcheck, args: string[], flags: Flags): Promise<number> {
  if (args[0]) return follow(await client.finder.jobs.create(args[0], { sheet: flags.sheet }), flags, 'find');
  if (!flags.domain || (!flags.first && !flags.last))
    throw new UsageError('find needs --domain and --first or --last (or a CSV file)');
  const found = await client.finder.find({ firstName: flags.first, lastName: flags.last, domain: flags.domain });
  print(found, flags, (r) =>
    r.email ? `${r.email} (${r.quality}, confidence ${r.confidence})` : `not found (${r.reason})`,
  );
  return 0;
}

/** Uploaded job → live progress → download; exit status 1 unless it completed. */
async function follow<V extends ProgressView & { id: number; counts: object; creditsCharged: number; results: object }>(
  job: Job<V>,
  flags: Flags,
  label: string,
): Promise<number> {
  process.stderr.write(`job ${job.id}: ${job.view.progress.totalRows.toLocaleString('en-US')} rows uploaded\n`);
  if (flags['no-wait']) return print(job.view, flags, (v) => `${v.id}`);
  const display = new ProgressDisplay(process.stderr, label);
  const final = await job.wait({ onProgress: (view) => display.update(view) });
  display.update(final);
  display.finish();
  const download = await job.download({
    results: flags.results,
    columns: flags.columns,
    format: flags.simple ? 'simple' : undefined,
  });
  // The default name is the service's (made a plain file name by Download): it never replaces a file
  // unless asked, so a hostile answer cannot overwrite one; a name the user typed (--out) may.
  const out = flags.out ?? download.fileName;
  let bytes: number;
  try {
    bytes = await download.saveTo(out, { overwrite: flags.out !== undefined || flags.force === true });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
    process.stderr.write(`results not written: ${out} exists (pass --out FILE, or --force to replace it)\n`);
    return 1;
  }
  const counts = Object.entries(final.results)
    .filter(([, n]) => typeof n === 'number' && n > 0)
    .map(([name, n]) => `${name} ${Number(n).toLocaleString('en-US')}`)
    .join(', ');
  process.stderr.write(`${final.status}: ${counts}; ${final.creditsCharged.toLocaleString('en-US')} credits charged\n`);
  const stopped = (final as { failureMessage?: string | null }).failureMessage;
  if (stopped)
    process.stderr.write(
      `${stopped}${(final as { resumable?: boolean }).resumable ? ` (mailcheck resume ${final.id})` : ''}\n`,
    );
  process.stderr.write(`results written to ${out} (${bytes.toLocaleString('en-US')} bytes)\n`);
  if (flags.json) process.stdout.write(`${JSON.stringify(final, null, 2)}\n`);
  return final.status === 'Completed' ? 0 : 1;
}

/**
 * A warning when the key and the results would cross the network in clear: an http: base URL whose
 * host is not this machine. Loopback (the default, http://localhost:3000) is fine.
 */
export function insecureBaseUrlWarning(baseUrl: string | undefined): string | null {
  if (baseUrl === undefined) return null;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return null; // the client refuses it with its own message
  }
  if (url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1') return null;
  return `warning: ${url.origin} is plain http: the API key and the results cross the network unencrypted (use https)`;
}

async function webhooks(client: Mailcheck, args: string[], flags: Flags): Promise<number> {
  const [action, arg] = args;
  const need = (what: string) => {
    if (!arg) throw new UsageError(`webhooks ${action} needs ${what}`);
    return arg;
  };
  const line = (w: { id: number; url: string; eventNames: string[]; isActive: boolean }) =>
    `${w.id} ${w.url} [${w.eventNames.join(',')}]${w.isActive ? '' : ' (paused)'}`;
  switch (action) {
    case 'list':
      return print(await client.webhooks.list(), flags, (all) => all.map(line).join('\n') || 'no webhooks');
    case 'create': {
      const events = (flags.events ?? 'job.completed,job.failed').split(',') as ('job.completed' | 'job.failed')[];
      return print(
        await client.webhooks.create({ url: need('a URL'), events }),
        flags,
        (w) => `${line(w)}\nsecret: ${w.secret}`,
      );
    }
    case 'delete':
      return print(await client.webhooks.remove(need('an id')), flags, (d) => `${d.id} deleted`);
    case 'test':
      return print(await client.webhooks.test(need('an id')), flags, (t) =>
        t.success
          ? `delivered (HTTP ${t.statusCode}, ${t.durationMs} ms)`
          : `failed: ${t.error ?? `HTTP ${t.statusCode}`}`,
      );
    case 'toggle': {
      const active = flags.active === undefined ? undefined : flags.active === 'true';
      return print(await client.webhooks.toggle(need('an id'), active), flags, line);
    }
    case 'rotate-secret':
      return print(await client.webhooks.rotateSecret(need('an id')), flags, (w) => `secret: ${w.secret}`);
    case 'deliveries':
      return print(
        await client.webhooks.deliveries(need('an id')),
        flags,
        (page) =>
          page.items.map((d) => `${d.id} ${d.eventType} ${d.status} (${d.attempts.length} attempts)`).join('\n') ||
          'no deliveries',
      );
    default:
      throw new UsageError(`unknown webhooks action: ${action ?? '(none)'}`);
  }
}

if (typeof require !== 'undefined' && require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
