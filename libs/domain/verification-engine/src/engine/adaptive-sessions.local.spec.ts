import {
  accept,
  eximLike,
  m365Like,
  postfixDefaults,
  SmtpPeerScript,
} from '../../../../../test/support/peers/smtp-peer';
import { EngineWorld, mxZone, startEngineWorld } from '../../../../../test/support/engine-world';
import { AdaptiveDecision, SILENT_VERIFICATION_OBSERVER, VerificationObserver } from '../verification-observer';
import { VerificationConfig } from '../verification.config';

/** Counts each adaptive decision and keeps them in order. */
function decisionLog(): VerificationObserver & { decisions: AdaptiveDecision[]; count(d: AdaptiveDecision): number } {
  const decisions: AdaptiveDecision[] = [];
  return {
    ...SILENT_VERIFICATION_OBSERVER,
    decisions,
    sessionAdapted: (decision) => {
      decisions.push(decision);
    },
    count: (d) => decisions.filter((x) => x === d).length,
  };
}

const zones = mxZone('acme.test', [['mx.acme.test', 10, '127.0.0.1']]);
const real = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi'];
const domainScript = (defences: SmtpPeerScript['defences']): SmtpPeerScript => ({
  defences,
  domains: { 'acme.test': { recipients: Object.fromEntries(real.map((r) => [r, accept()])) } },
});
const nonexistent = (n: number) => Array.from({ length: n }, (_, i) => `nobody${i}@acme.test`);

describe('sessions that adapt to an MX that defends itself', () => {
  let h: EngineWorld;
  let log: ReturnType<typeof decisionLog>;
  const start = async (defences: SmtpPeerScript['defences'], overrides: Partial<VerificationConfig> = {}) => {
    log = decisionLog();
    h = await startEngineWorld(zones, domainScript(defences), { observer: log, ...overrides });
  };
  afterEach(async () => {
    await h?.stop();
  });

  it('retires each session before a Postfix-like peer starts delaying replies (soft error limit 10)', async () => {
    await start(postfixDefaults());
    const addresses = [...nonexistent(27), 'alice@acme.test', 'bob@acme.test', 'carol@acme.test'];
    const verdicts = await h.engine.verifyMany(addresses, { mode: 'bulk' });
    expect(verdicts.map((v) => v.result)).toEqual([...Array(27).fill('invalid'), 'ok', 'ok', 'ok']);
    const { defences } = h.smtp.stats;
    expect(defences.maxErrorsInSession).toBeLessThanOrEqual(8);
    expect(defences.delayedReplies).toBe(0);
    expect(defences.errorDisconnects).toBe(0);
    // 27 rejections at 8 per session need at least 4 sessions (side by side, several end with the list
    // before their budget); every session that spent its budget was retired, none parked for reuse.
    expect(h.smtp.stats.sessions).toBeGreaterThanOrEqual(4);
    expect(log.count('retired_error_budget')).toBe(defences.errorsPerSession.filter((errors) => errors === 8).length);
    expect(log.count('retired_error_budget')).toBeGreaterThanOrEqual(1);
  });

  it('turns a 421 "too many errors" mid-session into a reconnect, right verdicts for every address, and a lower budget for the MX', async () => {
    // A server that disconnects after 4 errors without delaying first: the default budget of 8 runs into it once.
    // One session at a time, so every 421 counted is the prober's own (sessions opened side by side before
    // the limit is learned would each meet it once).
    await start(postfixDefaults({ softErrorLimit: undefined, hardErrorLimit: 4 }), { perMxConcurrency: 1 });
    const addresses = [...nonexistent(12), 'alice@acme.test', 'bob@acme.test'];
    const verdicts = await h.engine.verifyMany(addresses, { mode: 'bulk' });
    expect(verdicts.map((v) => `${v.result}/${v.subResult}`)).toEqual([
      ...Array(12).fill('invalid/no_mailbox'),
      'ok/ok',
      'ok/ok',
    ]);
    expect(h.smtp.stats.defences.errorDisconnects).toBe(1);
    // The 421 first, then the reconnect; the budget learned from it keeps every later session under the limit.
    expect(log.decisions.indexOf('reconnect_after_421')).toBeGreaterThan(log.decisions.indexOf('error_budget_learned'));
    expect(log.count('error_budget_learned')).toBe(1);
    expect(log.count('reconnect_after_421')).toBe(1);
    // The 8 rejections left at the learned budget of 3: two sessions retired on it, the last one ends with the list.
    expect(log.count('retired_error_budget')).toBe(2);
  });

  it('continues the remaining RCPTs in a new session after 452 4.5.3 (Microsoft 365-like recipient cap)', async () => {
    await start(m365Like({ maxRcptsPerMessage: 3 }));
    const addresses = real.map((r) => `${r}@acme.test`);
    const verdicts = await h.engine.verifyMany(addresses, { mode: 'bulk' });
    expect(verdicts.every((v) => v.result === 'ok')).toBe(true);
    // The first session's pipelined batch runs into the cap (every RCPT past it gets 452 4.5.3); the first
    // 452 teaches the cap, and later sessions stop short of it.
    expect(h.smtp.stats.defences.rcptCapSessions).toBe(1);
    expect(log.count('retired_rcpt_cap')).toBeGreaterThanOrEqual(2);
    // Every address was asked in a session where it was at most the third recipient.
    expect(h.smtp.stats.sessions).toBeGreaterThanOrEqual(3);
  });

  it('replaces a tarpitted session and keeps later sessions under the error count that triggered it (Exim-like delay)', async () => {
    await start(eximLike({ softErrorLimit: 3, errorSleepMs: 700 }));
    const addresses = [...nonexistent(14), 'alice@acme.test'];
    const verdicts = await h.engine.verifyMany(addresses, { mode: 'bulk' });
    expect(verdicts.map((v) => v.result)).toEqual([...Array(14).fill('invalid'), 'ok']);
    // Each slow reply was used (its address has a verdict) and its session replaced; the second delay at the
    // same error count confirms the limit (one could be a loaded server), and no reply is delayed after that.
    expect(h.smtp.stats.defences.delayedReplies).toBe(2);
    expect(log.count('retired_tarpit')).toBeGreaterThanOrEqual(2);
    expect(log.decisions.indexOf('error_budget_learned')).toBeGreaterThan(log.decisions.indexOf('retired_tarpit'));
    // The two sessions that met the delay went past the limit of 3: by the delayed reply, and by the next
    // pipelined RCPT the server had read before the session was closed. Every later session kept to the
    // learned budget of 2.
    const [first, second, ...later] = h.smtp.stats.defences.errorsPerSession;
    expect([first, second].every((errors) => errors >= 4 && errors <= 5)).toBe(true);
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((errors) => errors <= 2)).toBe(true);
  });

  it('lowers its concurrency and reconnects when a Microsoft 365-like peer refuses extra connections with 421 4.7.0', async () => {
    await start(m365Like({ maxConnectionsPerClient: 1 }), { perMxConcurrency: 4 });
    const addresses = [...nonexistent(40), ...real.map((r) => `${r}@acme.test`)];
    const verdicts = await h.engine.verifyMany(addresses, { mode: 'bulk' });
    expect(verdicts.map((v) => v.result)).toEqual([...Array(40).fill('invalid'), ...Array(real.length).fill('ok')]);
    expect(h.smtp.stats.defences.connectionRefusals).toBeGreaterThanOrEqual(1);
    expect(log.count('concurrency_lowered')).toBeGreaterThanOrEqual(1);
    expect(log.count('reconnect_after_421')).toBeGreaterThanOrEqual(1);
    expect(h.smtp.stats.commands).not.toContain('DATA');
  });
});
