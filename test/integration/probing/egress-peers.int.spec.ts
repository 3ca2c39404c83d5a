import { AddressInfo, connect, createServer, Server, Socket } from 'node:net';
import { describeWithServers } from '../../support/cluster/servers';
import { socks5Connect, Socks5Outcome } from '../../support/peers/socks5-handshake';

/**
 * The real peers the egress-route suites stand on (scripts/integration/dante.sh, postfix.sh), checked
 * on their own so that a route test failing says something about the prober, not about its peers:
 * which address each proxy leaves from, what each refusal looks like on the wire, and which client
 * address the private Postfix treats as blocklisted.
 */
describeWithServers(
  [
    'DANTE_OPEN_URL',
    'DANTE_OPEN_SOURCE',
    'DANTE_AUTH_URL',
    'DANTE_AUTH_SOURCE',
    'DANTE_NO25_URL',
    'DANTE_NO25_SOURCE',
    'POSTFIX_SMTP_HOST',
    'POSTFIX_SMTP_PORT',
    'POSTFIX_DOMAIN',
    'POSTFIX_BLOCKED_SOURCE',
    'POSTFIX_CLEAN_SOURCE',
  ],
  'the egress peers: dante SOCKS5 proxies and the blocklisting Postfix',
  (env) => {
    const postfix = { host: env.POSTFIX_SMTP_HOST, port: Number(env.POSTFIX_SMTP_PORT) };
    const domain = env.POSTFIX_DOMAIN;
    let echo: Server;
    let echoPort: number;
    // Every tunnel and connection a test opens, closed after it even when an expectation failed midway.
    const opened: Socket[] = [];
    afterEach(() => opened.splice(0).forEach((socket) => socket.destroy()));

    const socks = async (proxyUrl: string, target: { host: string; port: number }): Promise<Socks5Outcome> => {
      const outcome = await socks5Connect(proxyUrl, target);
      if (outcome.kind === 'connected') opened.push(outcome.socket);
      return outcome;
    };
    const direct = (target: { host: string; port: number }, localAddress: string): Promise<Socket> =>
      new Promise((resolve, reject) => {
        const socket = connect({ ...target, localAddress });
        opened.push(socket);
        socket.once('connect', () => resolve(socket)).once('error', reject);
      });

    // Tells each client the address its connection came from, then hangs up.
    beforeAll(async () => {
      echo = createServer((client) => client.end(`${client.remoteAddress}\n`));
      await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
      echoPort = (echo.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => echo.close(() => resolve())));

    const sourceSeenThrough = async (proxyUrl: string): Promise<string> => {
      const socket = connected(await socks(proxyUrl, { host: '127.0.0.1', port: echoPort }));
      let text = '';
      for await (const chunk of socket) text += String(chunk);
      return text.trim();
    };

    it('the open proxy tunnels without authentication and connects out from DANTE_OPEN_SOURCE', async () => {
      expect(await sourceSeenThrough(env.DANTE_OPEN_URL)).toBe(env.DANTE_OPEN_SOURCE);
    });

    it('the auth proxy tunnels with its credentials, out from DANTE_AUTH_SOURCE', async () => {
      expect(await sourceSeenThrough(env.DANTE_AUTH_URL)).toBe(env.DANTE_AUTH_SOURCE);
    });

    it('the auth proxy refuses a wrong password with an RFC 1929 status other than 0', async () => {
      const wrong = new URL(env.DANTE_AUTH_URL);
      wrong.password = 'not-the-password';
      const outcome = await socks(wrong.href, { host: '127.0.0.1', port: echoPort });
      expect(outcome.kind).toBe('auth_refused');
      expect(outcome.kind === 'auth_refused' && outcome.status).not.toBe(0);
    });

    it('the auth proxy offers nothing to a client without credentials', async () => {
      const anonymous = new URL(env.DANTE_AUTH_URL);
      anonymous.username = '';
      anonymous.password = '';
      expect(brief(await socks(anonymous.href, { host: '127.0.0.1', port: echoPort }))).toEqual({
        kind: 'no_acceptable_method',
      });
    });

    it('the no25 proxy answers a CONNECT to the Postfix port and to port 25 with 0x02, not allowed by ruleset', async () => {
      for (const port of [postfix.port, 25]) {
        expect(brief(await socks(env.DANTE_NO25_URL, { host: postfix.host, port }))).toEqual({
          kind: 'connect_refused',
          reply: 0x02,
        });
      }
    });

    it('the no25 proxy still tunnels to other ports, out from DANTE_NO25_SOURCE', async () => {
      expect(await sourceSeenThrough(env.DANTE_NO25_URL)).toBe(env.DANTE_NO25_SOURCE);
    });

    it('Postfix refuses every RCPT from POSTFIX_BLOCKED_SOURCE with the Spamhaus blocklist text', async () => {
      const blocked = env.POSTFIX_BLOCKED_SOURCE;
      const replies = await smtpDialogue(await direct(postfix, blocked), [
        'EHLO egress.test',
        'MAIL FROM:<probe@egress.test>',
        `RCPT TO:<alice@${domain}>`,
        `RCPT TO:<nobody-here@${domain}>`,
        'QUIT',
      ]);
      const refusal =
        `554 5.7.1 <unknown[${blocked}]>: Client host rejected: Service unavailable; Client host [${blocked}] ` +
        `blocked using zen.spamhaus.org; https://www.spamhaus.org/query/ip/${blocked}`;
      expect(replies.slice(0, 3).map(code)).toEqual(['220', '250', '250']);
      expect(replies.slice(3, 5)).toEqual([refusal, refusal]);
    });

    it('Postfix answers POSTFIX_CLEAN_SOURCE and each proxy as any client: a mailbox, and an unknown user', async () => {
      const dialogue = (socket: Socket) =>
        smtpDialogue(socket, [
          'EHLO egress.test',
          'MAIL FROM:<probe@egress.test>',
          `RCPT TO:<alice@${domain}>`,
          `RCPT TO:<nobody-here@${domain}>`,
          'QUIT',
        ]);
      const sockets = [
        await direct(postfix, env.POSTFIX_CLEAN_SOURCE),
        connected(await socks(env.DANTE_OPEN_URL, postfix)),
        connected(await socks(env.DANTE_AUTH_URL, postfix)),
      ];
      for (const socket of sockets) {
        const replies = await dialogue(socket);
        expect(replies.map(code)).toEqual(['220', '250', '250', '250', '550', '221']);
        expect(replies[4]).toContain('User unknown in virtual mailbox table');
      }
    });
  },
);

function connected(outcome: Socks5Outcome): Socket {
  if (outcome.kind !== 'connected') throw new Error(`the proxy did not tunnel: ${JSON.stringify(outcome)}`);
  return outcome.socket;
}

/** An outcome without its socket, for a readable failure message. */
const brief = (outcome: Socks5Outcome) =>
  outcome.kind === 'connected' ? { kind: outcome.kind, boundAddress: outcome.boundAddress } : outcome;

const code = (reply: string): string => reply.slice(0, 3);

/** The banner, then each command's reply (the last line of a multi-line one). */
async function smtpDialogue(socket: Socket, commands: string[]): Promise<string[]> {
  const replies: string[] = [];
  const pending = [...commands];
  let buffered = '';
  socket.setEncoding('utf8');
  for await (const chunk of socket) {
    buffered += String(chunk);
    let end: number;
    while ((end = buffered.indexOf('\r\n')) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      if (!/^\d{3} /.test(line)) continue;
      replies.push(line);
      const next = pending.shift();
      if (next) socket.write(`${next}\r\n`);
    }
  }
  return replies;
}
