import { eventually } from '@lib/common/testing';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { HttpResult, readResult } from './test-app';

/**
 * A browser as the dashboard sees it: keeps the cookies the server sets, and sends the mc_csrf cookie's
 * value back in X-CSRF-Token on state-changing requests the way the web UI does (unless told not to).
 */
export class DashboardBrowser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    route: string,
    options: { body?: unknown; csrf?: string | null; headers?: Record<string, string> } = {},
  ): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const csrf = options.csrf === undefined ? this.cookies.get('mc_csrf') : options.csrf;
    if (csrf && !['GET', 'HEAD'].includes(method)) headers['x-csrf-token'] = csrf;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(this.baseUrl + route, { method, headers, body });
    for (const line of response.headers.getSetCookie()) this.store(line);
    return readResult<T>(response);
  }

  /** Fetches an anonymous CSRF token (as the UI does before showing a form). */
  async prepare(): Promise<void> {
    await this.request('GET', '/dashboard/v1/csrf');
  }

  private store(line: string): void {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
    const expired = attributes.some((a) => /^max-age=0$/i.test(a));
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

/** The embedded outbox: each sent mail is an .eml file under DATA_DIR/outbox/. */
export function outboxMails(dataDir: string): Array<{ file: string; to: string; subject: string; text: string }> {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((file) => {
      const raw = fs.readFileSync(path.join(dir, file), 'utf8').replace(/\r\n/g, '\n');
      const [head, ...rest] = raw.split('\n\n');
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1] ?? '';
      return {
        file,
        to: header('To'),
        subject: header('Subject'),
        text: decodeBody(rest.join('\n\n'), header('Content-Transfer-Encoding')),
      };
    });
}

type OutboxMail = ReturnType<typeof outboxMails>[number];

/**
 * The matching mails once there are at least `count` of them. The anonymous routes (sign-up, password
 * reset, a new confirmation link) mail after they answer, so a test waits for the mail to arrive.
 */
export async function mailsArrived(
  dataDir: string,
  matches: (mail: OutboxMail) => boolean,
  count = 1,
  timeoutMs = 10_000,
): Promise<OutboxMail[]> {
  return eventually(
    () => {
      const mails = outboxMails(dataDir).filter(matches);
      if (mails.length < count) throw new Error(`${mails.length} of ${count} expected mails arrived`);
      return mails;
    },
    { timeoutMs },
  );
}

/**
 * The token in the last mail to `to` whose link path is `linkPath` (e.g. /confirm-email), once at least
 * `count` such mails arrived (2 for the link a second request sent).
 */
export async function tokenFromOutbox(dataDir: string, to: string, linkPath: string, count = 1): Promise<string> {
  const mails = await mailsArrived(
    dataDir,
    (mail) => mail.to.includes(to) && mail.text.includes(`${linkPath}?token=`),
    count,
  ).catch(() => {
    throw new Error(`no mail to ${to} with a ${linkPath} link`);
  });
  return new RegExp(`${linkPath.replace(/[/]/g, '\\/')}\\?token=([^\\s]+)`).exec(mails[mails.length - 1].text)![1];
}

function decodeBody(body: string, encoding: string): string {
  if (/quoted-printable/i.test(encoding))
    return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex) => String.fromCharCode(parseInt(hex, 16)));
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}
