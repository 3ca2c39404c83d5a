/**
 * How real MTAs defend themselves against address harvesting, as configurable profiles for the
 * loopback SMTP peer (`startSmtpPeer({ defences: postfixDefaults() })`):
 *
 * - Postfix (smtpd defaults): every 4xx/5xx reply is an error; once a session has made
 *   `smtpd_soft_error_limit` (10) errors each further reply waits `smtpd_error_sleep_time` (1 s);
 *   at `smtpd_hard_error_limit` (20) the next command gets "421 4.7.0 Error: too many errors" and the
 *   connection is closed; RSET/NOOP/VRFY past `smtpd_junk_command_limit` (100) count as errors;
 *   "452 4.5.3 Error: too many recipients" past `smtpd_recipient_limit` (1000) per message; at most
 *   `smtpd_client_connection_count_limit` (50) connections from one client (421 at the banner).
 * - Exim/Sendmail-like: a delay after N bad recipients (Exim's `delay` ACL on $rcpt_fail_count,
 *   Sendmail's BadRcptThrottle), no disconnect.
 * - Microsoft 365-like: "452 4.5.3 Too many recipients" after N RCPTs of one message, and
 *   "421 4.7.0 Temporary server error" at the banner past N connections from one client.
 * - Slow banner: the greeting comes late (anti-spam banner delay).
 */
export interface MtaDefences {
  profile: string;
  bannerDelayMs?: number;
  /** Errors after which each reply is delayed by `errorSleepMs`. */
  softErrorLimit?: number;
  errorSleepMs?: number;
  /** Errors after which the next command is answered 421 and the connection closed. */
  hardErrorLimit?: number;
  /** RSET/NOOP/VRFY after which each of them counts as an error. */
  junkCommandLimit?: number;
  /** RCPTs in one transaction after which each further one gets 452 4.5.3. */
  maxRcptsPerMessage?: number;
  /** Concurrent connections from one client address past which the banner is a 421. */
  maxConnectionsPerClient?: number;
  tooManyConnectionsReply?: string;
}

export const postfixDefaults = (overrides: Partial<MtaDefences> = {}): MtaDefences => ({
  profile: 'postfix',
  softErrorLimit: 10,
  errorSleepMs: 1_000,
  hardErrorLimit: 20,
  junkCommandLimit: 100,
  maxRcptsPerMessage: 1_000,
  maxConnectionsPerClient: 50,
  tooManyConnectionsReply: '421 4.7.0 mx.test Error: too many connections from 127.0.0.1',
  ...overrides,
});

export const eximLike = (overrides: Partial<MtaDefences> = {}): MtaDefences => ({
  profile: 'exim',
  softErrorLimit: 5,
  errorSleepMs: 1_000,
  maxRcptsPerMessage: 100,
  maxConnectionsPerClient: 20,
  tooManyConnectionsReply:
    '421 4.7.0 Too many concurrent SMTP connections from this IP address; please try again later',
  ...overrides,
});

export const m365Like = (overrides: Partial<MtaDefences> = {}): MtaDefences => ({
  profile: 'm365',
  maxRcptsPerMessage: 10,
  maxConnectionsPerClient: 8,
  tooManyConnectionsReply: '421 4.7.0 Temporary server error. Please try again later. PRX4',
  ...overrides,
});

export const slowBanner = (bannerDelayMs = 1_000, overrides: Partial<MtaDefences> = {}): MtaDefences => ({
  profile: 'slow-banner',
  bannerDelayMs,
  ...overrides,
});

/** What the defences did, for tests to assert on and benchmarks to print. */
export interface DefenceStats {
  /** Replies held back by the error sleep and then sent to a client still connected (a tarpitted wait). */
  delayedReplies: number;
  /** Sessions ended with "421 too many errors". */
  errorDisconnects: number;
  /** 452 4.5.3 replies for too many recipients in one message, and how many sessions got any. */
  rcptCapReplies: number;
  rcptCapSessions: number;
  /** Connections refused at the banner for too many connections from the client. */
  connectionRefusals: number;
  /** The most errors any one session made. */
  maxErrorsInSession: number;
  /** Errors each session made, in the order the sessions started. */
  errorsPerSession: number[];
}

export const emptyDefenceStats = (): DefenceStats => ({
  delayedReplies: 0,
  errorDisconnects: 0,
  rcptCapReplies: 0,
  rcptCapSessions: 0,
  connectionRefusals: 0,
  maxErrorsInSession: 0,
  errorsPerSession: [],
});

const JUNK = new Set(['RSET', 'NOOP', 'VRFY']);

/** One client session's counters, and the reply each command gets under the defences. */
export class DefendedSession {
  private errors = 0;
  private junk = 0;
  private rcptsInMessage = 0;
  private metRcptCap = false;
  private readonly index: number;

  constructor(
    private readonly defences: MtaDefences,
    private readonly stats: DefenceStats,
  ) {
    this.index = stats.errorsPerSession.push(0) - 1;
  }

  /** A reply that overrides the script's answer (421 past the hard limit, 452 past the RCPT cap), or null. */
  preempt(verb: string): { reply: string; close: boolean } | null {
    const { hardErrorLimit, maxRcptsPerMessage, junkCommandLimit } = this.defences;
    if (JUNK.has(verb) && ++this.junk > (junkCommandLimit ?? Infinity)) this.countError();
    if (hardErrorLimit !== undefined && this.errors >= hardErrorLimit) {
      this.stats.errorDisconnects++;
      return { reply: '421 4.7.0 mx.test Error: too many errors', close: true };
    }
    if (verb === 'MAIL' || verb === 'RSET') this.rcptsInMessage = 0;
    if (verb === 'RCPT' && maxRcptsPerMessage !== undefined && ++this.rcptsInMessage > maxRcptsPerMessage) {
      this.stats.rcptCapReplies++;
      if (!this.metRcptCap) this.stats.rcptCapSessions++;
      this.metRcptCap = true;
      return { reply: '452 4.5.3 Error: too many recipients', close: false };
    }
    return null;
  }

  /** How long to hold this reply back; counts it when it is an error. The listener counts delayed replies it could send. */
  delayFor(reply: string): number {
    const { softErrorLimit, errorSleepMs } = this.defences;
    const delay = softErrorLimit !== undefined && this.errors >= softErrorLimit ? (errorSleepMs ?? 0) : 0;
    if (/^[45]/.test(reply)) this.countError();
    return delay;
  }

  private countError(): void {
    this.errors++;
    this.stats.maxErrorsInSession = Math.max(this.stats.maxErrorsInSession, this.errors);
    this.stats.errorsPerSession[this.index] = this.errors;
  }
}
