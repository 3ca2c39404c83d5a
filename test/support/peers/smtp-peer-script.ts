import { domainToASCII } from 'node:url';
import type { DefenceStats, MtaDefences } from './mta-defences';

/** What a scripted SMTP peer answers (see smtp-peer.ts for the whole picture): per recipient, per listener. */
export type RcptBehaviour =
  | { kind: 'accept' }
  | { kind: 'reply'; code: number; text: string; closeAfter?: boolean }
  | { kind: 'greylist'; times: number };

export const accept = (): RcptBehaviour => ({ kind: 'accept' });
export const reject = (
  code = 550,
  text = '5.1.1 <user>: Recipient address rejected: User unknown in virtual mailbox table',
): RcptBehaviour => ({ kind: 'reply', code, text });
export const greylist = (times: number): RcptBehaviour => ({ kind: 'greylist', times });
export const full = (code: 552 | 452 = 552): RcptBehaviour => ({
  kind: 'reply',
  code,
  text: code === 552 ? '5.2.2 Mailbox full' : '4.2.2 Mailbox full, try again later',
});
export const blocklist = (): RcptBehaviour => ({
  kind: 'reply',
  code: 554,
  text: '5.7.1 Service unavailable; Client host [127.0.0.1] blocked using zen.spamhaus.org',
});
export const rateLimit = (): RcptBehaviour => ({
  kind: 'reply',
  code: 421,
  text: '4.7.0 Too many connections, rate limit exceeded, closing',
  closeAfter: true,
});
export const reply = (code: number, text: string): RcptBehaviour => ({ kind: 'reply', code, text });

export interface DomainScript {
  default?: RcptBehaviour;
  recipients?: Record<string, RcptBehaviour>;
}
export type ConnectionBehaviour = 'normal' | 'tarpit' | 'silent' | 'refuse_banner' | 'broken_tls';

export interface SmtpPeerScript {
  domains?: Record<string, DomainScript>;
  recipients?: Record<string, RcptBehaviour>;
  default?: RcptBehaviour;
  listen?: string[];
  /** The port every listening address shares; a free one when absent. */
  port?: number;
  hosts?: Record<string, { connection?: ConnectionBehaviour; bannerDelayMs?: number; defences?: MtaDefences }>;
  /** Every RCPT reply waits this long, as a server slowing down a client does (Postfix's error sleep, tarpitting MTAs). */
  rcptDelayMs?: number;
  /** MTA defences for every listening address without its own. */
  defences?: MtaDefences;
  /** Hide STARTTLS / SMTPUTF8 from the EHLO reply (PIPELINING: defended listeners only). */
  hideStartTls?: boolean;
  hideSmtpUtf8?: boolean;
  hidePipelining?: boolean;
  /**
   * Client addresses this server refuses by reputation, as an MTA with an RBL check does: every RCPT from
   * them gets Postfix's "blocked using zen.spamhaus.org" 554, whatever the recipient (egress route tests).
   */
  blockedClients?: string[];
  /**
   * Only these client addresses may connect (a firewall in front of the MX): any other gets a 554 at the
   * banner and the connection closed. What proves a route really goes out through its proxy.
   */
  onlyClients?: string[];
}

export const bareClient = (client: string | undefined): string => (client ?? '').replace(/^::ffff:/, '');

export interface SmtpPeerStats {
  sessions: number;
  commands: string[];
  /** `at`: when the RCPT arrived (Date.now()), to prove none was sent after a point in time. */
  rcpts: Array<{ address: string; via: string; at: number }>;
  /** The RCPT addresses of each MAIL transaction, from its MAIL FROM to the next one or the session's end. */
  transactions: string[][];
  maxConcurrent: number;
  /** The most sessions open at once per listening address (an MX host): counted by defended listeners. */
  maxConcurrentByHost: Record<string, number>;
  /** Sessions each client address opened at each listening address (MX host → client → count): counted by defended listeners. */
  sessionsByClient: Record<string, Record<string, number>>;
  tlsSessions: number;
  /** Commands that arrived before the reply to the one before (RFC 2920 pipelining); counted by defended listeners. */
  pipelinedCommands: number;
  defences: DefenceStats;
}

export interface SmtpPeer {
  port: number;
  stats: SmtpPeerStats;
  close(): Promise<void>;
}

export function behaviourFor(script: SmtpPeerScript, address: string, client = ''): RcptBehaviour {
  const bare = bareClient(client);
  if (script.blockedClients?.includes(bare))
    return {
      kind: 'reply',
      code: 554,
      text: `5.7.1 Service unavailable; Client host [${bare}] blocked using zen.spamhaus.org; https://www.spamhaus.org/query/ip/${bare}`,
    };
  const lower = address.toLowerCase();
  const at = lower.lastIndexOf('@');
  const local = lower.slice(0, at);
  // smtp-server hands IDN domains over in Unicode; scripts may key them either way.
  const domain = script.domains?.[lower.slice(at + 1)] ?? script.domains?.[domainToASCII(lower.slice(at + 1))];
  return script.recipients?.[lower] ?? domain?.recipients?.[local] ?? domain?.default ?? script.default ?? reject();
}
