import { MemorySlots } from '@lib/slots';
import { MxSlots, slotId } from './mx-slots';

const FAR = 9e12;

// How the MX pools map onto the slot store (whose contract runs on SQLite and on FerretDB): a group per pool,
// the cap and the waiter's marker as its notes. Each client is another worker on one storage.
describe('MxSlots', () => {
  const storage = new Map();
  const worker = () => new MxSlots(new MemorySlots(storage));
  let pools = 0;
  const unique = (name: string) => `${name}|${++pools}`;

  it('hands out the slots of a pool as ids, each once; a release by someone else frees nothing', async () => {
    const pool = unique('pool');
    const [a, b] = [worker(), worker()];
    expect(await a.take(pool, 2, 'a', 1_000, FAR)).toBe(slotId(pool, 0));
    expect(await b.take(pool, 2, 'b', 1_000, FAR)).toBe(slotId(pool, 1));
    expect(await b.take(pool, 2, 'b', 1_000, FAR)).toBeNull();
    await b.release(slotId(pool, 0), 'b');
    expect(await b.take(pool, 2, 'b', 1_000, FAR)).toBeNull();
    await a.release(slotId(pool, 0), 'a');
    expect(await b.take(pool, 2, 'b', 1_000, FAR)).toBe(slotId(pool, 0));
  });

  it('keeps every worker of a pool to a recorded connection cap until it expires; the latest record wins', async () => {
    const pool = unique('capped');
    const [a, b] = [worker(), worker()];
    await a.recordCap(pool, 2, 10_000);
    await a.recordCap(pool, 1, 10_000);
    expect(await b.take(pool, 3, 'a', 1_000, FAR)).not.toBeNull();
    expect(await b.take(pool, 3, 'b', 1_000, FAR)).toBeNull();
    expect(await a.held(pool, 1_000)).toBe(1); // the cap is no slot
    expect(await a.take(pool, 3, 'c', 10_000, FAR)).not.toBeNull();
    expect(await b.take(pool, 3, 'd', 10_000, FAR)).not.toBeNull();
    expect(await a.take(pool, 3, 'e', 10_000, FAR)).toBeNull();
  });

  it("shows a waiter's marker to the other workers' holders until it expires, not to the waiter; it takes no slot", async () => {
    const [pool, other] = [unique('wanted'), unique('quiet')];
    const [a, b] = [worker(), worker()];
    const wanted = async (client: MxSlots, holder: string, nowMs: number, of = pool) =>
      (await client.survey(holder, nowMs)).get(of)?.wanted ?? false;
    await b.take(pool, 1, 'holder', 1_000, FAR);
    await b.take(other, 1, 'holder', 1_000, FAR);
    await a.want(pool, 'waiter', 3_000);
    expect(await wanted(b, 'holder', 2_999)).toBe(true);
    expect(await wanted(b, 'holder', 2_999, other)).toBe(false);
    expect(await wanted(a, 'waiter', 2_999)).toBe(false);
    expect(await wanted(b, 'holder', 3_000)).toBe(false);
    await a.want(pool, 'waiter', 9_000); // the latest marker replaces the first
    await b.renew('waiter', FAR); // a waiter's renewal of its other slots does not keep its marker
    expect(await wanted(b, 'holder', 9_000)).toBe(false);
    expect(await a.take(pool, 2, 'waiter', 1_000, FAR)).not.toBeNull(); // the marker is no slot
  });

  it('surveys every pool: the other live holders of its slots, each counted once, and its live cap', async () => {
    const [pool, capped] = [unique('shared'), unique('capped')];
    const [a, b] = [worker(), worker()];
    await a.take(pool, 5, 'a', 1_000, FAR);
    await a.take(pool, 5, 'a', 1_000, FAR);
    await b.take(pool, 5, 'b', 1_000, FAR);
    await b.take(pool, 5, 'dying', 1_000, 2_000);
    await a.recordCap(capped, 2, 5_000);
    const seenByA = await a.survey('a', 1_500);
    expect(seenByA.get(pool)).toEqual({ otherHolders: 2, wanted: false, cap: null });
    expect(seenByA.get(capped)).toEqual({ otherHolders: 0, wanted: false, cap: 2 });
    expect((await b.survey('b', 2_000)).get(pool)?.otherHolders).toBe(1); // 'dying' expired
    expect((await b.survey('b', 5_000)).get(capped)?.cap ?? null).toBeNull();
  });
});
