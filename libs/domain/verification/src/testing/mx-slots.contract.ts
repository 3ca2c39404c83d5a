import { portContractContext } from '@lib/common/testing';
import { MxSlots } from '../smtp/mx-slots.port';

/**
 * What a factory returns. Every call opens a NEW client on the SAME storage, as another worker process
 * would: the slots one client holds, the other sees.
 */
export interface MxSlotsFixture {
  slots: MxSlots;
  /** Closes this client; leaves the slots in place. */
  cleanup(): Promise<void>;
}

const FAR = 9e12;

/** The behaviour every MxSlots adapter must show; call it from the adapter's spec with its factory. */
export function mxSlotsContract(name: string, factory: () => Promise<MxSlotsFixture>): void {
  describe(`MxSlots contract: ${name}`, () => {
    const context = portContractContext(factory, ':');
    const slots = () => context.fixture.slots;

    it('hands out as many slots as the pool has, each once, then none', async () => {
      const pool = context.unique('pool');
      const taken = [];
      for (let i = 0; i < 3; i++) taken.push(await slots().take(pool, 3, 'a', 1_000, FAR));
      expect(new Set(taken).size).toBe(3);
      expect(taken).not.toContain(null);
      expect(await slots().take(pool, 3, 'b', 1_000, FAR)).toBeNull();
      expect(await slots().take(pool, 2, 'a', 1_000, FAR)).toBeNull(); // a lower ceiling: still full
    });

    it('keeps each pool apart', async () => {
      const [a, b] = [context.unique('a'), context.unique('b')];
      expect(await slots().take(a, 1, 'x', 1_000, FAR)).not.toBeNull();
      expect(await slots().take(a, 1, 'x', 1_000, FAR)).toBeNull();
      expect(await slots().take(b, 1, 'x', 1_000, FAR)).not.toBeNull();
    });

    it('frees a released slot for another holder; a release by someone else frees nothing', async () => {
      const pool = context.unique('pool');
      const id = (await slots().take(pool, 1, 'a', 1_000, FAR))!;
      await slots().release(id, 'b');
      expect(await slots().take(pool, 1, 'b', 1_000, FAR)).toBeNull();
      await slots().release(id, 'a');
      expect(await slots().take(pool, 1, 'b', 1_000, FAR)).toBe(id);
    });

    it("frees a dead holder's slot once its expiry passed, not before; a renewed one stays held", async () => {
      const pool = context.unique('pool');
      const dead = (await slots().take(pool, 2, 'dead', 1_000, 16_000))!;
      const alive = (await slots().take(pool, 2, 'alive', 1_000, 16_000))!;
      expect(await slots().take(pool, 2, 'other', 15_999, 31_000)).toBeNull();
      await slots().renew('alive', 31_000);
      expect(await slots().take(pool, 2, 'other', 16_000, 31_000)).toBe(dead);
      expect(await slots().take(pool, 2, 'late', 30_000, 45_000)).toBeNull();
      // the dead holder's late release must not free what another holder now holds
      await slots().release(dead, 'dead');
      expect(await slots().take(pool, 2, 'late', 30_000, 45_000)).toBeNull();
      expect(alive).not.toBe(dead);
    });

    it('lets exactly one of two clients take the last slot, also at once', async () => {
      const pool = context.unique('race');
      const second = await context.open();
      expect(await slots().take(pool, 3, 'first', 1_000, FAR)).not.toBeNull();
      expect(await second.slots.take(pool, 3, 'second', 1_000, FAR)).not.toBeNull();
      const clients = [slots(), second.slots];
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => clients[i % 2].take(pool, 3, `racer${i}`, 1_000, FAR)),
      );
      expect(results.filter((id) => id !== null)).toHaveLength(1);
      expect(await second.slots.take(pool, 3, 'after', 1_000, FAR)).toBeNull();
    });

    it('counts the live slots of a pool', async () => {
      const pool = context.unique('pool');
      expect(await slots().held(pool, 1_000)).toBe(0);
      await slots().take(pool, 3, 'a', 1_000, 5_000);
      await slots().take(pool, 3, 'b', 1_000, FAR);
      expect(await slots().held(pool, 1_000)).toBe(2);
      expect(await slots().held(pool, 5_000)).toBe(1);
    });

    it('keeps every client of a pool to a recorded connection cap until it expires; the latest record wins', async () => {
      const pool = context.unique('capped');
      const second = await context.open();
      await slots().recordCap(pool, 2, 10_000);
      await slots().recordCap(pool, 1, 10_000);
      expect(await second.slots.take(pool, 3, 'a', 1_000, FAR)).not.toBeNull();
      expect(await second.slots.take(pool, 3, 'b', 1_000, FAR)).toBeNull();
      expect(await slots().take(pool, 3, 'c', 1_000, FAR)).toBeNull();
      expect(await slots().held(pool, 1_000)).toBe(1); // the cap is no slot
      expect(await slots().take(pool, 3, 'c', 10_000, FAR)).not.toBeNull();
      expect(await second.slots.take(pool, 3, 'd', 10_000, FAR)).not.toBeNull();
      expect(await slots().take(pool, 3, 'e', 10_000, FAR)).toBeNull();
    });

    it("shows a waiter's marker to the other clients' holders until it expires, not to the waiter; it takes no slot", async () => {
      const [pool, other] = [context.unique('wanted'), context.unique('quiet')];
      const second = await context.open();
      const wanted = async (client: MxSlots, holder: string, nowMs: number, of = pool) =>
        (await client.survey(holder, nowMs)).get(of)?.wanted ?? false;
      expect(await second.slots.take(pool, 1, 'holder', 1_000, FAR)).not.toBeNull();
      expect(await second.slots.take(other, 1, 'holder', 1_000, FAR)).not.toBeNull();
      await slots().want(pool, 'waiter', 3_000);
      expect(await wanted(second.slots, 'holder', 2_999)).toBe(true);
      expect(await wanted(second.slots, 'holder', 2_999, other)).toBe(false);
      expect(await wanted(slots(), 'waiter', 2_999)).toBe(false);
      expect(await wanted(second.slots, 'holder', 3_000)).toBe(false);
      expect(await slots().held(pool, 1_000)).toBe(1);
      await slots().want(pool, 'waiter', 9_000); // the latest marker replaces the first
      await second.slots.renew('waiter', FAR); // a waiter's renewal of its other slots does not keep its marker
      expect(await wanted(second.slots, 'holder', 8_999)).toBe(true);
      expect(await wanted(second.slots, 'holder', 9_000)).toBe(false);
      expect(await slots().take(pool, 2, 'waiter', 1_000, FAR)).not.toBeNull(); // the marker is no slot
    });

    it('surveys every pool: the other live holders of its slots, each counted once, and its live cap', async () => {
      const [pool, capped] = [context.unique('shared'), context.unique('capped')];
      const second = await context.open();
      await slots().take(pool, 5, 'a', 1_000, FAR);
      await slots().take(pool, 5, 'a', 1_000, FAR);
      await second.slots.take(pool, 5, 'b', 1_000, FAR);
      await second.slots.take(pool, 5, 'dying', 1_000, 2_000);
      await slots().recordCap(capped, 2, 5_000);
      const seenByA = await slots().survey('a', 1_500);
      expect(seenByA.get(pool)).toEqual({ otherHolders: 2, wanted: false, cap: null });
      expect(seenByA.get(capped)).toEqual({ otherHolders: 0, wanted: false, cap: 2 });
      expect((await second.slots.survey('b', 2_000)).get(pool)?.otherHolders).toBe(1); // 'dying' expired
      expect((await second.slots.survey('b', 5_000)).get(capped)?.cap ?? null).toBeNull();
    });

    it('keeps the slots held when a client closes and another opens', async () => {
      const pool = context.unique('restart');
      await slots().take(pool, 1, 'a', 1_000, FAR);
      await context.fixture.cleanup();
      const reopened = await context.open();
      expect(await reopened.slots.take(pool, 1, 'b', 1_000, FAR)).toBeNull();
    });
  });
}
