import { accept, greylist, postfixDefaults, SmtpPeerScript } from '../../../../../test/support/peers/smtp-peer';
import { EngineWorld, mxZone, startEngineWorld } from '../../../../../test/support/engine-world';
import { VerificationConfig } from '../verification.config';

const zones = {
  ...mxZone('initials.test', [['mx.initials.test', 10, '127.0.0.1']]),
  ...mxZone('greylists.test', [['mx.greylists.test', 10, '127.0.0.1']]),
};
// Sixteen candidates, as the finder sends them; the mailbox is the 14th (a rare format after the common
// ones and a nickname or two).
const candidates = [...Array.from({ length: 13 }, (_, i) => `guess${i}`), 'r.paulson', 'guess13', 'guess14'];
const script = (defences: SmtpPeerScript['defences']): SmtpPeerScript => ({
  defences,
  domains: {
    'initials.test': { recipients: { 'r.paulson': accept() } },
    // Every new recipient deferred, as postgrey does: no candidate is ever decided now.
    'greylists.test': { default: greylist(1_000) },
  },
});
const options = { stopAtFirstOk: true, maxProbes: 16, deadlineMs: 8_000 };

describe("the finder's probe budget on a server that defends itself", () => {
  let h: EngineWorld;
  const start = async (defences: SmtpPeerScript['defences'], overrides: Partial<VerificationConfig> = {}) => {
    h = await startEngineWorld(zones, script(defences), overrides);
  };
  afterEach(async () => {
    await h?.stop();
  });

  it('reaches the 14th candidate on a Postfix-like peer over two sessions, neither near its error limits', async () => {
    await start(postfixDefaults(), { perMxConcurrency: 1 });
    const report = await h.engine.probeCandidates('initials.test', candidates, options);
    // Waves 1, 1, 1, then pairs: the pair holding the 14th also asks the 15th.
    expect(report.probes.map((p) => p.result)).toEqual([...Array(13).fill('invalid'), 'ok', 'invalid']);
    expect(report.catchAll).toBe(false);
    const { defences } = h.smtp.stats;
    expect(defences.errorsPerSession).toEqual([8, 6]);
    expect(defences.delayedReplies).toBe(0);
    expect(defences.errorDisconnects).toBe(0);
    // The pairs go out pipelined (MAIL FROM with them on a fresh transaction).
    expect(h.smtp.stats.pipelinedCommands).toBeGreaterThan(0);
  });

  it("holds a call to two sessions' worth of the error budget the MX taught", async () => {
    // A server that says 421 at its 4th error teaches a budget of 3 rejections a session.
    await start(postfixDefaults({ softErrorLimit: undefined, hardErrorLimit: 4 }), { perMxConcurrency: 1 });
    const teaching = await h.engine.probeCandidates('initials.test', candidates, options);
    expect(teaching.probes.find((p) => p.result === 'ok')?.localPart).toBe('r.paulson');
    expect(h.smtp.stats.defences.errorDisconnects).toBe(1);
    const sessionsBefore = h.smtp.stats.sessions;
    const report = await h.engine.probeCandidates('initials.test', candidates, options);
    expect(report.probes.map((p) => p.localPart)).toEqual(candidates.slice(0, 6));
    expect(h.smtp.stats.defences.errorDisconnects).toBe(1);
    // The session parked by the first call is reused; none goes past the learned 3.
    expect(Math.max(...h.smtp.stats.defences.errorsPerSession.slice(sessionsBefore - 1))).toBeLessThanOrEqual(3);
  });

  it('stops after the three likeliest candidates when the server decides none of them', async () => {
    await start(postfixDefaults());
    const report = await h.engine.probeCandidates('greylists.test', candidates, options);
    expect(report.probes.map((p) => p.subResult)).toEqual(['greylisted', 'greylisted', 'greylisted']);
    expect(h.smtp.stats.rcpts.filter((r) => r.address.endsWith('@greylists.test'))).toHaveLength(3);
  });
});
