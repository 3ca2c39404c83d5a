import { accept, greylist, rateLimit } from '../../../../../test/support/peers/smtp-peer';
import { EngineWorld, mxZone, startEngineWorld } from '../../../../../test/support/engine-world';
import { VerificationObserver } from '../verification-observer';

/** Keeps every report as a line, so a test reads what the engine said and in which order. */
function recordingObserver(): VerificationObserver & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    verdict: (v, mode) => lines.push(`verdict ${v.result}/${v.subResult} ${mode}`),
    probed: (kind, provider) => lines.push(`probed ${kind} ${provider || '-'}`),
    sessionOpened: (provider) => lines.push(`opened ${provider || '-'}`),
    sessionReused: (provider) => lines.push(`reused ${provider || '-'}`),
    mxBackedOff: (provider, code) => lines.push(`backoff ${provider || '-'} ${code}`),
    sessionAdapted: (decision, provider) => lines.push(`adapted ${decision} ${provider || '-'}`),
    greylistRetried: (addresses) => lines.push(`greylist-retry ${addresses}`),
    routeSessionOpened: (route, provider) => lines.push(`route-opened ${route} ${provider || '-'}`),
    routeProbed: (route, kind) => lines.push(`route-probed ${route} ${kind}`),
    routeOut: (route, scope, provider, reason) => lines.push(`route-out ${route} ${scope} ${reason}`),
    routeFailover: (route, provider, addresses) => lines.push(`route-failover ${route} ${addresses}`),
  };
}

const zones = {
  // An MX under a Google suffix: the playbook names the provider, the peer answers on loopback. Its own
  // address, since sessions are pooled per MX address and would otherwise be shared with plain.test.
  ...mxZone('goog.test', [['alt1.aspmx.l.google.com', 10, '127.0.0.2']]),
  ...mxZone('plain.test', [['mx.plain.test', 10, '127.0.0.1']]),
  ...mxZone('busy.test', [['mx.busy.test', 10, '127.0.0.1']]),
};
const script = {
  listen: ['127.0.0.1', '127.0.0.2'],
  domains: {
    'goog.test': { recipients: { ann: accept(), slow: greylist(1) } },
    'plain.test': { recipients: { bob: accept() } },
    'busy.test': { default: rateLimit() },
  },
};

describe('what the engine reports to its observer', () => {
  let h: EngineWorld;
  const observer = recordingObserver();
  const since = (mark: number) => observer.lines.slice(mark);

  beforeAll(async () => {
    h = await startEngineWorld(zones, script, { observer, greylistDelaysMs: [100] });
  });
  afterAll(async () => {
    await h.stop();
  });

  it('reports one verdict per address given, invalid syntax included, with the mode', async () => {
    const mark = observer.lines.length;
    await h.engine.verifyMany(['bob@plain.test', 'not an address'], { mode: 'bulk' });
    expect(since(mark).filter((l) => l.startsWith('verdict'))).toEqual([
      'verdict ok/ok bulk',
      'verdict invalid/invalid_syntax bulk',
    ]);
  });

  it('names the provider of the MX for probes and sessions, and counts a parked session taken again', async () => {
    const mark = observer.lines.length;
    const verdict = await h.engine.verify('ann@goog.test');
    expect(verdict.result).toBe('ok');
    // The real address, then the catch-all probe with a random address on the parked session. The first
    // clean session, freshly connected, raises the MX's connect rate and (slow start) its concurrency limit
    // from the starting 2 to the ceiling of 3; the reused one says nothing new about connecting.
    // Each connection and each probe also names the egress route it went out on ('default' without SMTP_ROUTES).
    expect(since(mark)).toEqual([
      'opened google',
      'route-opened default google',
      'adapted connect_rate_raised google',
      'adapted concurrency_raised google',
      'probed accepted google',
      'route-probed default accepted',
      'reused google',
      'probed no_mailbox google',
      'route-probed default no_mailbox',
      'verdict ok/ok interactive',
    ]);
    const opened = observer.lines.filter((l) => l.startsWith('opened')).length;
    expect(opened).toBe(h.smtp.stats.sessions);
  });

  it('reports an interactive wait for a greylisted address before probing it again', async () => {
    const mark = observer.lines.length;
    expect((await h.engine.verify('slow@goog.test')).result).toBe('ok');
    const lines = since(mark);
    expect(lines.filter((l) => l.startsWith('probed') || l.startsWith('greylist'))).toEqual([
      'probed greylisted google',
      'greylist-retry 1',
      'probed accepted google',
    ]);
  });

  it('reports the back-off of an MX that answers 421', async () => {
    const mark = observer.lines.length;
    const verdict = await h.engine.verify('anyone@busy.test', { mode: 'bulk' });
    expect(verdict.result).toBe('unknown');
    // Three reconnects after a pause each, then the MX is left alone.
    expect(
      since(mark).filter((l) => l.startsWith('backoff') || l.startsWith('probed') || l.startsWith('adapted reconnect')),
    ).toEqual([
      'adapted reconnect_after_421 -',
      'adapted reconnect_after_421 -',
      'adapted reconnect_after_421 -',
      'backoff - 421',
      'probed rate_limited -',
    ]);
  });
});
