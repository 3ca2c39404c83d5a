import { accept, postfixDefaults } from '../../../../../test/support/peers/smtp-peer';
import { EngineWorld, mxZone, startEngineWorld } from '../../../../../test/support/engine-world';

const zones = mxZone('acme.test', [['mx.acme.test', 10, '127.0.0.1']]);
const real = ['alice', 'bob', 'carol', 'dave'];
// Real mailboxes spread through a list of mostly nonexistent ones, so a reply matched to the wrong RCPT shows.
const addresses = Array.from({ length: 30 }, (_, i) =>
  i % 8 === 3 ? `${real[(i - 3) / 8]}@acme.test` : `nobody${i}@acme.test`,
);
const expected = addresses.map((a) => (a.startsWith('nobody') ? 'invalid' : 'ok'));

describe('RCPT batches and PIPELINING (RFC 2920) on a Postfix-like peer', () => {
  let h: EngineWorld;
  const start = async (hidePipelining: boolean) => {
    h = await startEngineWorld(zones, {
      defences: postfixDefaults(),
      hidePipelining,
      domains: { 'acme.test': { recipients: Object.fromEntries(real.map((r) => [r, accept()])) } },
    });
  };
  afterEach(async () => {
    await h?.stop();
  });

  it('sends MAIL FROM and RCPTs without waiting for each reply when offered, and matches every reply to its address', async () => {
    await start(false);
    const verdicts = await h.engine.verifyMany(addresses, { mode: 'bulk' });
    expect(verdicts.map((v) => v.result)).toEqual(expected);
    expect(h.smtp.stats.pipelinedCommands).toBeGreaterThan(0);
    // A batch is never larger than the error budget left, so a batch refused whole still stays under the limit.
    expect(h.smtp.stats.defences.maxErrorsInSession).toBeLessThanOrEqual(8);
    expect(h.smtp.stats.defences.delayedReplies).toBe(0);
  });

  it('waits for each reply before the next command when the server does not offer PIPELINING', async () => {
    await start(true);
    const verdicts = await h.engine.verifyMany(addresses, { mode: 'bulk' });
    expect(verdicts.map((v) => v.result)).toEqual(expected);
    expect(h.smtp.stats.pipelinedCommands).toBe(0);
    expect(h.smtp.stats.defences.maxErrorsInSession).toBeLessThanOrEqual(8);
  });
});
