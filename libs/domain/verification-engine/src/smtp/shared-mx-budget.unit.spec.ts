import { eventually } from '@lib/common/testing';
import { MemorySlots, type MemorySlotStorage } from '@lib/slots/testing';
import { MxSlots } from './mx-slots';
import { SharedMxBudget } from './shared-mx-budget';

/** Counts the store's takes and releases: what a busy MX costs the MongoDB-wire server. */
class CountingSlots extends MxSlots {
  constructor(storage: MemorySlotStorage = new Map()) {
    super(new MemorySlots(storage));
  }
  takes = 0;
  releases = 0;
  override take(...args: Parameters<MxSlots['take']>) {
    this.takes++;
    return super.take(...args);
  }
  override release(...args: Parameters<MxSlots['release']>) {
    this.releases++;
    return super.release(...args);
  }
}

const MX = '192.0.2.1:25';
/** Another process's client of the slots in `storage`. */
const client = (storage: MemorySlotStorage) => new MxSlots(new MemorySlots(storage));
const ceiling = (n: number) => () => n;

describe('SharedMxBudget', () => {
  const budgets: SharedMxBudget[] = [];
  const budget = (slots: MxSlots, egress = 'host-a') => {
    const made = new SharedMxBudget(slots, egress);
    budgets.push(made);
    return made;
  };
  afterEach(async () => {
    await Promise.all(budgets.splice(0).map((b) => b.close()));
  });

  it('hands a closed connection’s slot to the next connection at the same MX without asking the store', async () => {
    const slots = new CountingSlots();
    const mine = budget(slots);
    for (let connection = 0; connection < 50; connection++) await mine.release(await mine.take(MX, ceiling(2), 'bulk'));
    expect(slots.takes).toBe(1);
    expect(slots.releases).toBe(0);
    await mine.close();
    expect(slots.releases).toBe(1);
    expect(await slots.held(`host-a|${MX}`, Date.now())).toBe(0);
  });

  it('gives a kept slot back to another process that waits for it, and within the survey interval', async () => {
    const store = new Map();
    const [first, second] = [budget(client(store)), budget(client(store))];
    await first.release(await first.take(MX, ceiling(1), 'bulk')); // kept unused by the first process
    const started = Date.now();
    const id = await second.take(MX, ceiling(1), 'bulk');
    expect(id).toBe(`host-a|${MX}|0`);
    expect(Date.now() - started).toBeLessThan(1_500); // the spare would otherwise be kept 2 s
  });

  it('while another process waits, gives back only the slots above its fair part and keeps reusing the rest', async () => {
    const store = new Map();
    const firstSlots = new CountingSlots(store);
    const [first, second] = [budget(firstSlots), budget(client(store))];
    const held = await Promise.all([0, 1, 2].map(() => first.take(MX, ceiling(3), 'bulk')));
    const waiting = second.take(MX, ceiling(3), 'bulk');
    await eventually(() => expect(first.isWanted(MX)).toBe(true));
    // Three of three held: the first connection to close hands its slot over.
    await first.release(held[0]);
    const handedOver = await waiting;
    expect(held).toContain(handedOver);
    // Two of three is the first process's part (3 between 2, rounded up): its next connections reuse them.
    const waitingAgain = second.take(MX, ceiling(3), 'bulk');
    const takes = firstSlots.takes;
    for (let connection = 0; connection < 20; connection++) {
      await first.release(held[1]);
      expect(await first.take(MX, ceiling(3), 'bulk')).toBe(held[1]);
    }
    expect(firstSlots.takes).toBe(takes);
    expect(first.isWanted(MX)).toBe(true); // the second process still waited all along
    expect(await firstSlots.held(`host-a|${MX}`, Date.now())).toBe(3);
    await first.close();
    expect(await waitingAgain).toMatch(`host-a|${MX}|`);
  });

  it('counts the processes that hold slots of an MX, so each paces its connects at its share of the rate', async () => {
    const store = new Map();
    const [first, second] = [budget(client(store)), budget(client(store))];
    const elsewhere = budget(client(store), 'host-b');
    await first.take(MX, ceiling(4), 'bulk');
    expect(first.sharers(MX)).toBe(1);
    await second.take(MX, ceiling(4), 'bulk');
    await elsewhere.take(MX, ceiling(4), 'bulk'); // another egress address: a budget of its own
    await eventually(() => expect([first.sharers(MX), second.sharers(MX)]).toEqual([2, 2]));
    await second.close();
    await eventually(() => expect(first.sharers(MX)).toBe(1));
  });

  it('does not reuse a kept slot above a cap learned since it was taken', async () => {
    const slots = new CountingSlots();
    const mine = budget(slots);
    const ids = await Promise.all([0, 1, 2].map(() => mine.take(MX, ceiling(3), 'bulk')));
    await Promise.all(ids.map((id) => mine.release(id)));
    expect(await mine.take(MX, ceiling(1), 'bulk')).toBe(`host-a|${MX}|0`);
    await eventually(async () => expect(await slots.held(`host-a|${MX}`, Date.now())).toBe(1)); // 1 and 2 went back
  });
});
