import { accept, postfixDefaults, rateLimit, RcptBehaviour } from '../../../../../test/support/peers/smtp-peer';
import { EngineWorld, mxZone, startEngineWorld } from '../../../../../test/support/engine-world';
import { SILENT_VERIFICATION_OBSERVER } from '../verification-observer';

// Two domains whose MX hosts are the same address: their calls may share sessions there.
const zones = {
  ...mxZone('acme.test', [['mx.acme.test', 10, '127.0.0.1']]),
  ...mxZone('beta.test', [['mx.beta.test', 10, '127.0.0.1']]),
};
const real = {
  'acme.test': ['alice', 'bob', 'carol', 'dave', 'erin', 'fred', 'gina'],
  'beta.test': ['hugo', 'ines', 'jack'],
};
const script = {
  domains: Object.fromEntries(
    Object.entries(real).map(([domain, locals]) => [
      domain,
      { recipients: Object.fromEntries(locals.map((l) => [l, accept()])) },
    ]),
  ),
};
// 20 calls for 20 addresses, real and missing mailboxes mixed, both domains interleaved.
const calls = [
  ...['alice@acme.test', 'nobody1@acme.test', 'hugo@beta.test', 'nobody3@acme.test', 'bob@acme.test'],
  ...['nobody5@beta.test', 'carol@acme.test', 'nobody7@acme.test', 'ines@beta.test', 'nobody9@acme.test'],
  ...['dave@acme.test', 'nobody11@beta.test', 'erin@acme.test', 'nobody13@acme.test', 'jack@beta.test'],
  ...['nobody15@acme.test', 'fred@acme.test', 'nobody17@beta.test', 'gina@acme.test', 'nobody19@acme.test'],
];
const expected = calls.map((a) => (a.startsWith('nobody') ? 'invalid' : 'ok'));
const PER_MX = 3;

/** The transactions that carried the calls' own addresses (the catch-all probes' random ones left out). */
const callTransactions = (h: EngineWorld) =>
  h.smtp.stats.transactions.map((rcpts) => rcpts.filter((a) => calls.includes(a))).filter((rcpts) => rcpts.length > 0);

describe('concurrent single verifies at one MX address', () => {
  let h: EngineWorld;
  let opened = 0;
  const start = async (hidePipelining = false, recipients: Record<string, RcptBehaviour> = {}) => {
    opened = 0;
    h = await startEngineWorld(
      zones,
      { ...script, recipients, defences: postfixDefaults(), hidePipelining },
      {
        perMxConcurrency: PER_MX,
        observer: { ...SILENT_VERIFICATION_OBSERVER, sessionOpened: () => void opened++ },
      },
    );
  };
  afterEach(async () => {
    await h?.stop();
  });

  describe('on a server that offers PIPELINING', () => {
    it('answers each call right on at most the per-MX ceiling of sessions, several calls per pipelined transaction', async () => {
      await start();
      const verdicts = await Promise.all(calls.map((email) => h.engine.verify(email)));
      expect(verdicts.map((v) => v.result)).toEqual(expected);
      expect(verdicts.map((v) => v.email)).toEqual(calls);
      // Counted by the server and by the engine's observer: never more sessions than the ceiling, at once or in all.
      expect(h.smtp.stats.maxConcurrent).toBeLessThanOrEqual(PER_MX);
      expect(h.smtp.stats.sessions).toBeLessThanOrEqual(PER_MX);
      expect(opened).toBeLessThanOrEqual(PER_MX);
      const transactions = callTransactions(h);
      // Each call asked once; alone, each would have opened a transaction of its own.
      expect(transactions.flat().sort()).toEqual([...calls].sort());
      expect(transactions.length).toBeLessThanOrEqual(calls.length / 2);
      expect(transactions.some((rcpts) => new Set(rcpts.map((a) => a.split('@')[1])).size > 1)).toBe(true);
      expect(h.smtp.stats.pipelinedCommands).toBeGreaterThan(0);
      // The evidence names the MX host each call looked up, whichever call's session carried its RCPT.
      expect(verdicts.map((v) => v.smtp?.mxHost)).toEqual(calls.map((a) => `mx.${a.split('@')[1]}`));
      expect(verdicts.every((v) => v.smtp?.mxAddress === '127.0.0.1' && v.smtp?.route === 'default')).toBe(true);
    });

    it("keeps each call's own answer when others in its transaction are refused (550) or accepted", async () => {
      await start();
      const verdicts = await Promise.all(calls.map((email) => h.engine.verify(email)));
      const mixed = callTransactions(h).find(
        (rcpts) => rcpts.some((a) => a.startsWith('nobody')) && rcpts.some((a) => !a.startsWith('nobody')),
      );
      expect(mixed).toBeDefined();
      for (const address of mixed!) {
        const verdict = verdicts[calls.indexOf(address)];
        expect(verdict.result).toBe(address.startsWith('nobody') ? 'invalid' : 'ok');
        expect(verdict.smtp?.code).toBe(address.startsWith('nobody') ? 550 : 250);
      }
    });
  });

  it('shares transactions one RCPT at a time when the server does not offer PIPELINING', async () => {
    await start(true);
    const verdicts = await Promise.all(calls.map((email) => h.engine.verify(email)));
    expect(verdicts.map((v) => v.result)).toEqual(expected);
    expect(h.smtp.stats.pipelinedCommands).toBe(0);
    expect(h.smtp.stats.maxConcurrent).toBeLessThanOrEqual(PER_MX);
    expect(callTransactions(h).length).toBeLessThanOrEqual(calls.length / 2);
  });

  it("leaves the other calls' answers right when one RCPT gets a 421 and the connection is closed", async () => {
    const limited = 'limited@acme.test';
    await start(false, { [limited]: rateLimit() });
    const withLimit = [...calls.slice(0, 6), limited, ...calls.slice(6, 12)];
    const verdicts = await Promise.all(withLimit.map((email) => h.engine.verify(email)));
    expect(verdicts.map((v) => v.result)).toEqual(
      withLimit.map((a) => (a === limited ? 'unknown' : expected[calls.indexOf(a)])),
    );
    expect(verdicts.every((v) => v.email === limited || v.smtp?.code !== 421)).toBe(true);
  });

  it('probes an address once for calls that arrive together, and answers each call with its own verdict', async () => {
    await start();
    const same = ['alice@acme.test', 'Alice@acme.test', 'alice@ACME.test', 'alice@acme.test', 'ALICE@acme.test'];
    const verdicts = await Promise.all(same.map((email) => h.engine.verify(email)));
    expect(verdicts.map((v) => [v.email, v.result])).toEqual(same.map((email) => [email, 'ok']));
    expect(h.smtp.stats.rcpts.filter((r) => r.address.toLowerCase() === 'alice@acme.test')).toHaveLength(1);
    // Called again once the first flight has landed, it is probed again (no cache of verdicts).
    await h.engine.verify('alice@acme.test');
    expect(h.smtp.stats.rcpts.filter((r) => r.address.toLowerCase() === 'alice@acme.test')).toHaveLength(2);
  });
});
