import { randomBytes } from 'node:crypto';
import { DataKeyStore } from '../data-key-store.port';
import { openWith, sealWith } from '../field-cipher';
import { MasterKeys, masterKeyOf } from '../master-keys';

/**
 * What every DataKeyStore adapter must do. `open(masters)` opens a store on the same backing storage each time
 * it is called (a second process, or the same data after a restart with other master keys).
 */
export function dataKeyStoreContract(name: string, open: (masters: MasterKeys) => Promise<DataKeyStore>): void {
  describe(`${name}: the DataKeyStore contract`, () => {
    const master = masterKeyOf(randomBytes(32));
    const masters = new MasterKeys(master);
    const opened: DataKeyStore[] = [];
    const store = async (keys = masters) => {
      const s = await open(keys);
      opened.push(s);
      return s;
    };
    let run = 0;
    const scope = (name: string) => `test:${process.pid}:${Date.now()}:${run}:${name}`;
    beforeEach(() => run++);
    afterAll(async () => {
      for (const s of opened) await s.close();
    });

    it('creates a 256-bit key per scope once, and answers the same key after', async () => {
      const s = await store();
      const [a, b] = [scope('a'), scope('b')];
      const first = await s.keysFor([a, b, a]);
      expect([...first.keys()].sort()).toEqual([a, b].sort());
      expect(first.get(a)!.key).toHaveLength(32);
      expect(first.get(a)!.key.equals(first.get(b)!.key)).toBe(false);
      const again = await (await store()).keysFor([a]);
      expect(again.get(a)).toEqual(first.get(a));
    });

    it('gives two stores asking for a new scope at once the same key', async () => {
      const [s1, s2] = [await store(), await store()];
      const x = scope('x');
      const [k1, k2] = await Promise.all([s1.keysFor([x]), s2.keysFor([x])]);
      expect(k1.get(x)!.keyId).toBe(k2.get(x)!.keyId);
      expect(k1.get(x)!.key.equals(k2.get(x)!.key)).toBe(true);
    });

    it('answers calls made together on one store, sharing scopes, with one key per scope', async () => {
      const s = await store();
      const [x, y, z] = [scope('together-x'), scope('together-y'), scope('together-z')];
      const answers = await Promise.all([s.keysFor([x, y]), s.keysFor([y, z]), s.keysFor([z, x, x])]);
      expect(answers.map((keys) => [...keys.keys()].sort())).toEqual([[x, y].sort(), [y, z].sort(), [x, z].sort()]);
      for (const name of [x, y, z]) {
        const ids = answers.filter((keys) => keys.has(name)).map((keys) => keys.get(name)!.keyId);
        expect(new Set(ids).size).toBe(1);
      }
      expect((await (await store()).existing([x, y, z])).size).toBe(3);
    });

    it('finds keys by generation id, as a sealed value names them', async () => {
      const s = await store();
      const [a, b] = [scope('by-id-a'), scope('by-id-b')];
      const keys = await s.keysFor([a, b]);
      const found = await (await store()).byKeyIds([keys.get(a)!.keyId, 'ffffffffffffffff', keys.get(b)!.keyId]);
      expect([...found.keys()].sort()).toEqual([keys.get(a)!.keyId, keys.get(b)!.keyId].sort());
      expect(found.get(keys.get(a)!.keyId)).toEqual(keys.get(a));
    });

    it('answers only the keys that exist, creating none', async () => {
      const s = await store();
      const [kept, never] = [scope('kept'), scope('never')];
      await s.keysFor([kept]);
      expect([...(await s.existing([kept, never])).keys()]).toEqual([kept]);
      expect((await s.existing([never])).size).toBe(0);
    });

    it('destroys keys for good: a scope used again gets a new generation that opens nothing sealed before', async () => {
      const s = await store();
      const gone = scope('gone');
      const old = (await s.keysFor([gone])).get(gone)!;
      const sealed = sealWith([old], { email: 'ada@example.com' }, 'event-1');
      expect(await s.destroy([gone, scope('absent')])).toBe(1);
      expect(await s.destroy([gone])).toBe(0);
      expect((await (await store()).existing([gone])).size).toBe(0);
      const fresh = (await s.keysFor([gone])).get(gone)!;
      expect(fresh.keyId).not.toBe(old.keyId);
      expect(() => openWith([fresh], sealed, 'event-1')).toThrow();
      expect((await s.byKeyIds([old.keyId, fresh.keyId])).has(old.keyId)).toBe(false);
    });

    it('destroys every scope under a prefix, and nothing else', async () => {
      const s = await store();
      const prefix = scope('account:1.2:');
      const inside = [`${prefix}day:2026-11-28`, `${prefix}address:ab`];
      // Regex and LIKE metacharacters in a prefix match only themselves.
      const outside = [scope('account:1.2'), scope('account:1x2:day'), scope('account:1.20:day')];
      await s.keysFor([...inside, ...outside]);
      expect(await s.destroyPrefix(prefix)).toBe(2);
      expect([...(await s.existing([...inside, ...outside])).keys()].sort()).toEqual([...outside].sort());
    });

    it('lists the scopes under a prefix, in order and by pages, and forgets destroyed ones', async () => {
      const s = await store();
      const prefix = scope('account:7:calls:');
      const days = ['2026-11-01', '2026-11-02', '2026-11-03'].map((day) => `${prefix}${day}`);
      await s.keysFor([...days, scope('account:7:finder:2026-11-01'), scope('account:70:calls:2026-11-01')]);
      expect(await s.scopesUnder(prefix)).toEqual(days);
      expect(await s.scopesUnder(prefix, { limit: 2 })).toEqual(days.slice(0, 2));
      expect(await s.scopesUnder(prefix, { after: days[1] })).toEqual(days.slice(2));
      await s.destroy([days[0]]);
      expect(await s.scopesUnder(prefix)).toEqual(days.slice(1));
    });

    it('reads no key under another master key, and rewraps every key after a rotation', async () => {
      const s = await store();
      const kept = scope('rotated');
      const before = (await s.keysFor([kept])).get(kept)!;
      const stranger = await store(new MasterKeys(masterKeyOf(randomBytes(32))));
      await expect(stranger.existing([kept])).rejects.toThrow();

      const next = masterKeyOf(randomBytes(32));
      const rotating = await store(new MasterKeys(next, [master]));
      expect(await rotating.rewrap()).toBeGreaterThanOrEqual(1);
      const onlyNext = await store(new MasterKeys(next));
      expect((await onlyNext.existing([kept])).get(kept)).toEqual(before);
    });
  });
}
