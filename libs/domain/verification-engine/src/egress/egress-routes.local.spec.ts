import { accept } from '../../../../../test/support/peers/smtp-peer';
import { EngineWorld, mxZone, startEngineWorld } from '../../../../../test/support/engine-world';
import { routesFrom } from '../../../../../test/support/egress-routes';

// Two direct routes from their own loopback source addresses; the MX refuses the first by reputation (its
// RBL lists 127.0.0.31), as Spamhaus-listed addresses are refused by most of the internet.
const BLOCKED = '127.0.0.31';
const CLEAN = '127.0.0.32';
const zones = {
  ...mxZone('shop.test', [['mx.shop.test', 10, '127.0.0.1']]),
  ...mxZone('other.test', [['mx.other.test', 10, '127.0.0.1']]),
};
const script = {
  blockedClients: [BLOCKED],
  domains: {
    'shop.test': { recipients: { alice: accept(), bob: accept() } },
    'other.test': { recipients: { carol: accept() } },
  },
};
const list = ['alice@shop.test', 'bob@shop.test', 'nobody1@shop.test', 'nobody2@shop.test', 'nobody3@shop.test'];

const route = (name: string, localAddress: string, extra: object = {}) => ({ name, localAddress, ...extra });

describe('egress routes', () => {
  const worlds: EngineWorld[] = [];
  const world = async (routes: object, peer = script, clock?: () => number) => {
    const created = await startEngineWorld(zones, peer, { routes: routesFrom(routes) }, {}, clock);
    worlds.push(created);
    return created;
  };
  afterEach(async () => {
    await Promise.all(worlds.splice(0).map((w) => w.stop()));
  });

  describe('when the MX refuses one route of the pool by reputation', () => {
    it('gives every address its true verdict through the other route, and quarantines the refused one for that MX', async () => {
      const h = await world({
        routes: [route('listed', BLOCKED), route('clean', CLEAN)],
        default: ['listed', 'clean'],
      });
      const verdicts = await h.engine.verifyMany(list, { mode: 'bulk' });
      expect(verdicts.map((v) => v.result)).toEqual(['ok', 'ok', 'invalid', 'invalid', 'invalid']);
      expect(verdicts.every((v) => v.smtp?.route === 'clean')).toBe(true);
      const [listed] = h.engine.egressReport();
      expect(listed.quarantines).toEqual([
        expect.objectContaining({ scope: 'mx:mx.shop.test', state: 'quarantined', reason: 'ip_blocked', strikes: 1 }),
      ]);
    });

    it('costs at most one session on the refused route, and none once it is quarantined', async () => {
      const h = await world({ routes: [route('listed', BLOCKED), route('clean', CLEAN)] });
      await h.engine.verifyMany(list, { mode: 'bulk' });
      const [listed] = h.engine.routes;
      expect(listed.pool.opened).toBe(1);
      const again = await h.engine.verifyMany(
        list.map((a) => a.replace('@', '+2@')),
        { mode: 'bulk' },
      );
      expect(again.every((v) => v.smtp?.route === 'clean')).toBe(true);
      expect(listed.pool.opened).toBe(1);
    });
  });

  describe('when the only route of the pool is refused', () => {
    it('answers unknown/ip_blocked (free: unknown is never charged) with the 554 as evidence, never invalid', async () => {
      const h = await world({ routes: [route('listed', BLOCKED)] });
      const verdicts = await h.engine.verifyMany(list, { mode: 'bulk' });
      for (const verdict of verdicts) expect(verdict).toMatchObject({ result: 'unknown', subResult: 'ip_blocked' });
      // Not a retry within a job: a blocked address stays blocked for a while (as before routes).
      expect(verdicts[0].retryAfterMs).toBeUndefined();
      expect(verdicts[0].smtp).toMatchObject({ code: 554, route: 'listed' });
    });

    it('answers from the quarantine without a session until the cool-down ends, then tries one check (half-open)', async () => {
      const blockedClients = [BLOCKED];
      let offset = 0;
      const { engine } = await world(
        { routes: [route('listed', BLOCKED)] },
        { ...script, blockedClients },
        () => Date.now() + offset,
      );
      const [listed] = engine.routes;
      expect(await engine.verify('alice@shop.test')).toMatchObject({ result: 'unknown', subResult: 'ip_blocked' });
      expect(await engine.verify('bob@shop.test')).toMatchObject({ result: 'unknown', subResult: 'ip_blocked' });
      expect(listed.pool.opened).toBe(1);
      // The listing expires meanwhile; past the cool-down one check goes out, and its good answer brings the route back.
      blockedClients.length = 0;
      offset = 5 * 60_000 + 1;
      expect(await engine.verify('bob@shop.test')).toMatchObject({ result: 'ok', smtp: { route: 'listed' } });
      expect(engine.egressReport()[0].quarantines).toEqual([]);
    });

    it('doubles the cool-down when the half-open check is refused again', async () => {
      let offset = 0;
      const { engine } = await world({ routes: [route('listed', BLOCKED)] }, script, () => Date.now() + offset);
      await engine.verify('alice@shop.test');
      offset = 5 * 60_000 + 1;
      await engine.verify('alice@shop.test');
      const [quarantine] = engine.egressReport()[0].quarantines;
      expect(quarantine).toMatchObject({ strikes: 2, state: 'quarantined' });
      expect(Date.parse(quarantine.until) - Date.parse(quarantine.since)).toBe(10 * 60_000);
    });
  });

  describe('when a SOCKS5 route cannot carry the connection', () => {
    it('takes the route out everywhere and answers through the direct route', async () => {
      const h = await world({
        routes: [{ name: 'proxy', type: 'socks5', proxy: 'socks5://127.0.0.1:9' }, route('clean', CLEAN)],
        default: ['proxy', 'clean'],
      });
      const verdicts = await h.engine.verifyMany(list, { mode: 'bulk' });
      expect(verdicts.map((v) => v.result)).toEqual(['ok', 'ok', 'invalid', 'invalid', 'invalid']);
      const [proxy] = h.engine.egressReport();
      expect(proxy).toMatchObject({ state: 'out', via: 'socks5://127.0.0.1:9' });
      expect(proxy.quarantines).toEqual([expect.objectContaining({ scope: '*', reason: 'proxy_unreachable' })]);
    });

    it('answers unknown/no_route when it is the only route, never invalid', async () => {
      const h = await world({ routes: [{ name: 'proxy', type: 'socks5', proxy: 'socks5://u:secret@127.0.0.1:9' }] });
      const verdicts = await h.engine.verifyMany(list.slice(0, 2));
      expect(verdicts.map((v) => [v.result, v.subResult])).toEqual([
        ['unknown', 'no_route'],
        ['unknown', 'no_route'],
      ]);
      expect(JSON.stringify(h.engine.egressReport())).not.toContain('secret');
    });
  });

  describe('routing rules', () => {
    it('sends a recipient domain named by a rule over its routes only, the rest over the default', async () => {
      const h = await world({
        routes: [route('a', CLEAN), route('b', '127.0.0.33')],
        rules: [{ recipientDomain: 'other.test', routes: ['b'] }],
        default: ['a'],
      });
      const [carol, alice] = await h.engine.verifyMany(['carol@other.test', 'alice@shop.test']);
      expect([carol.smtp?.route, alice.smtp?.route]).toEqual(['b', 'a']);
    });

    it('spreads a list over the pool: each route with its own budget takes a share', async () => {
      const h = await world({ routes: [route('a', CLEAN), route('b', '127.0.0.33')] });
      const many = Array.from({ length: 40 }, (_, n) => `user${n}@shop.test`);
      const verdicts = await h.engine.verifyMany(many, { mode: 'bulk' });
      const used = new Set(verdicts.map((v) => v.smtp?.route));
      expect(used).toEqual(new Set(['a', 'b']));
    });
  });

  describe('caps of checks', () => {
    it('sends no more checks a minute on a route than its cap, and hands the rest to the next route', async () => {
      const h = await world({
        routes: [route('capped', CLEAN, { checksPerMinute: 2 }), route('spare', '127.0.0.33')],
        default: ['capped', 'spare'],
      });
      const verdicts = await h.engine.verifyMany(list, { mode: 'bulk' });
      const onCapped = verdicts.filter((v) => v.smtp?.route === 'capped').length;
      expect(onCapped).toBeLessThanOrEqual(2);
      expect(verdicts.map((v) => v.result)).toEqual(['ok', 'ok', 'invalid', 'invalid', 'invalid']);
    });

    it('answers unknown/no_route with the time the cap frees when every route is at its cap', async () => {
      const h = await world({ routes: [route('capped', CLEAN, { checksPerMinute: 1 })] });
      const [first, second] = await h.engine.verifyMany(['nobody1@shop.test', 'nobody2@other.test'], { mode: 'bulk' });
      const capped = [first, second].filter((v) => v.subResult === 'no_route');
      expect(capped).toHaveLength(1);
      expect(capped[0].retryAfterMs).toBeGreaterThan(0);
      expect(capped[0].retryAfterMs).toBeLessThanOrEqual(60_000);
    });
  });
});
