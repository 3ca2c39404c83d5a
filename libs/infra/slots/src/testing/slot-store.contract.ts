import { portContractContext } from '@lib/common/testing';
import { Slot, SlotStore } from '../slot-store.port';

/**
 * What a factory returns. Every call opens a NEW client on the SAME storage, as another process would:
 * what one client takes, the other sees.
 */
export interface SlotStoreFixture {
  slots: SlotStore;
  /** Closes this client; leaves the slots in place. */
  cleanup(): Promise<void>;
}

const FAR = 9e12;
const slot = (group: string, n: number, fields: Partial<Slot> = {}): Slot => ({
  group,
  n,
  holder: 'h',
  expiresAtMs: FAR,
  value: 0,
  ...fields,
});
const numbers = (slots: Slot[]) => slots.map((s) => s.n);

/** The behaviour every SlotStore adapter must show; call it from the adapter's spec with its factory. */
export function slotStoreContract(name: string, factory: () => Promise<SlotStoreFixture>): void {
  describe(`SlotStore contract: ${name}`, () => {
    const context = portContractContext(factory, ':');
    const slots = () => context.fixture.slots;

    it('inserts a number of a group once, keeps the first, and lists the live ones by number', async () => {
      const group = context.unique('g');
      expect(await slots().list(group, 1_000)).toEqual([]);
      expect(await slots().insert(slot(group, 1, { holder: 'a', value: 1.5 }))).toBe(true);
      expect(await slots().insert(slot(group, 0, { holder: 'a', expiresAtMs: 5_000 }))).toBe(true);
      expect(await slots().insert(slot(group, 1, { holder: 'b', value: 7 }))).toBe(false);
      expect(await slots().list(group, 1_000)).toEqual([
        slot(group, 0, { holder: 'a', expiresAtMs: 5_000 }),
        slot(group, 1, { holder: 'a', value: 1.5 }),
      ]);
      expect(numbers(await slots().list(group, 5_000))).toEqual([1]);
    });

    it('answers the highest number of a group, expired or not, and keeps groups apart', async () => {
      const [a, b] = [context.unique('a'), context.unique('b')];
      expect(await slots().last(a)).toBeNull();
      for (const n of [0, 2, 1]) await slots().insert(slot(a, n, { value: 10 + n, expiresAtMs: 1_000 }));
      expect(await slots().last(a)).toEqual(slot(a, 2, { value: 12, expiresAtMs: 1_000 }));
      expect(await slots().last(b)).toBeNull();
      expect(await slots().insert(slot(b, 2))).toBe(true);
    });

    it('takes the first free of the first `limit` slots, each once, then none', async () => {
      const group = context.unique('pool');
      const taken = [];
      for (let i = 0; i < 4; i++) taken.push(await slots().take(group, 3, 'a', 1_000, FAR));
      expect(taken).toEqual([0, 1, 2, null]);
      expect(await slots().take(group, 2, 'b', 1_000, FAR)).toBeNull(); // a lower limit: still full
      await slots().release({ group, n: 1, holder: 'a' });
      expect(await slots().take(group, 3, 'b', 1_000, FAR)).toBe(1);
    });

    it('frees a slot for its holder only; a late release leaves a slot that expired and went to another', async () => {
      const group = context.unique('pool');
      expect(await slots().take(group, 1, 'a', 1_000, 16_000)).toBe(0);
      await slots().release({ group, n: 0, holder: 'b' });
      await slots().release({ group, n: 7, holder: 'a' });
      expect(await slots().take(group, 1, 'b', 15_999, FAR)).toBeNull();
      expect(await slots().take(group, 1, 'b', 16_000, FAR)).toBe(0);
      await slots().release({ group, n: 0, holder: 'a' });
      expect(await slots().take(group, 1, 'c', 16_000, FAR)).toBeNull();
    });

    it("renews a holder's slots in every group, not another's, and frees them all at once", async () => {
      const [a, b] = [context.unique('a'), context.unique('b')];
      await slots().take(a, 2, 'alive', 1_000, 16_000);
      await slots().take(b, 2, 'alive', 1_000, 16_000);
      await slots().take(a, 2, 'dead', 1_000, 16_000);
      await slots().renew('alive', 31_000);
      expect(numbers(await slots().list(a, 16_000))).toEqual([0]);
      expect(numbers(await slots().list(b, 16_000))).toEqual([0]);
      await slots().releaseAll('alive');
      expect(await slots().list(a, 16_000)).toEqual([]);
      expect(await slots().list(b, 1_000)).toEqual([]);
    });

    it('keeps the latest note, which no take counts and no renewal or releaseAll of its writer touches', async () => {
      const group = context.unique('noted');
      await slots().note(slot(group, -1, { holder: 'w', value: 2, expiresAtMs: 10_000 }));
      await slots().note(slot(group, -1, { holder: 'w', value: 1, expiresAtMs: 9_000 }));
      await expect(slots().note(slot(group, 0))).rejects.toThrow(RangeError);
      expect(await slots().take(group, 1, 'w', 1_000, FAR)).toBe(0);
      await slots().renew('w', FAR);
      await slots().releaseAll('w');
      await slots().release({ group, n: -1, holder: 'w' });
      expect(await slots().list(group, 1_000)).toEqual([
        slot(group, -1, { holder: 'w', value: 1, expiresAtMs: 9_000 }),
      ]);
      expect(await slots().list(group, 9_000)).toEqual([]);
    });

    it('lists every live slot and note of every group', async () => {
      const [a, b] = [context.unique('a'), context.unique('b')];
      await slots().insert(slot(a, 0, { holder: 'x' }));
      await slots().insert(slot(a, 1, { holder: 'dying', expiresAtMs: 2_000 }));
      await slots().note(slot(b, -2, { holder: 'w', expiresAtMs: 5_000 }));
      const mine = (all: Slot[]) => all.filter((s) => s.group === a || s.group === b);
      expect(mine(await slots().all(1_500))).toHaveLength(3);
      expect(mine(await slots().all(2_000))).toEqual(
        expect.arrayContaining([slot(a, 0, { holder: 'x' }), slot(b, -2, { holder: 'w', expiresAtMs: 5_000 })]),
      );
      expect(mine(await slots().all(5_000))).toEqual([slot(a, 0, { holder: 'x' })]);
    });

    it('purges what expired at or before a moment only', async () => {
      const group = context.unique('old');
      await slots().insert(slot(group, 0, { expiresAtMs: 1_000 }));
      await slots().insert(slot(group, 1, { expiresAtMs: 1_001 }));
      expect(await slots().purgeExpired(1_000)).toBeGreaterThanOrEqual(1);
      expect(await slots().last(group)).toEqual(slot(group, 1, { expiresAtMs: 1_001 }));
      expect(await slots().insert(slot(group, 0))).toBe(true);
    });

    it('shares the limit between clients of one store, also when they take at once', async () => {
      const group = context.unique('race');
      const second = await context.open();
      const clients = [slots(), second.slots];
      const inserts = await Promise.all(Array.from({ length: 10 }, (_, i) => clients[i % 2].insert(slot(group, 0))));
      expect(inserts.filter(Boolean)).toHaveLength(1);
      const takes = await Promise.all(
        Array.from({ length: 24 }, (_, i) => clients[i % 2].take(group, 6, `racer${i}`, 1_000, FAR)),
      );
      expect(takes.filter((n) => n !== null).sort()).toEqual([1, 2, 3, 4, 5]);
      expect(await second.slots.take(group, 6, 'late', 1_000, FAR)).toBeNull();
    });

    it('keeps what was taken when a client closes and another opens', async () => {
      const group = context.unique('restart');
      await slots().take(group, 1, 'a', 1_000, FAR);
      await context.fixture.cleanup();
      const reopened = await context.open();
      expect(await reopened.slots.take(group, 1, 'b', 1_000, FAR)).toBeNull();
    });
  });
}
