import { HandlerSlots } from './handler-slots';

describe('HandlerSlots', () => {
  it('lets as many handlers run as it has slots and serves the waiting ones in the order they asked', async () => {
    const slots = new HandlerSlots(2);
    const first = await slots.take();
    const second = await slots.take();
    const order: string[] = [];
    const third = slots.take().then((release) => (order.push('third'), release));
    const fourth = slots.take().then((release) => (order.push('fourth'), release));
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);
    first();
    await third;
    expect(order).toEqual(['third']);
    second();
    await fourth;
    expect(order).toEqual(['third', 'fourth']);
  });

  it('gives back one slot however often a release is called', async () => {
    const slots = new HandlerSlots(1);
    const release = await slots.take();
    release();
    release();
    await slots.take();
    let taken = false;
    void slots.take().then(() => (taken = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(taken).toBe(false);
  });
});

describe('HandlerSlots with room to grow', () => {
  /** A loop whose spare time the test sets; `looks` counts how often the slots asked. */
  const loop = (spare: boolean) => ({
    spare,
    looks: 0,
    hadSpareTime() {
      this.looks += 1;
      return this.spare;
    },
  });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  // Microtasks only: no timer (the 1 ms look) can run in between, however loaded the machine is.
  const microtasks = async () => {
    for (let turn = 0; turn < 10; turn++) await Promise.resolve();
  };
  const lookedAgain = async (headroom: { looks: number }, times: number) => {
    const target = headroom.looks + times;
    while (headroom.looks < target) await new Promise((resolve) => setTimeout(resolve, 2));
    await settle();
  };
  const takeAll = (slots: HandlerSlots, n: number, taken: Array<() => void>) =>
    Array.from({ length: n }, () => slots.take().then((release) => taken.push(release)));

  it('serves waiting handlers up to maxConcurrency while the event loop has time to spare', async () => {
    const headroom = loop(true);
    const slots = new HandlerSlots(2, 6, headroom, 1);
    const taken: Array<() => void> = [];
    void takeAll(slots, 8, taken);
    await microtasks();
    expect(taken).toHaveLength(2);
    await lookedAgain(headroom, 5);
    expect(taken).toHaveLength(6);
    taken[0]();
    await settle();
    expect(taken).toHaveLength(7);
  });

  it('keeps to concurrency while the event loop is busy, and shrinks back once it gets busy', async () => {
    const headroom = loop(false);
    const slots = new HandlerSlots(2, 6, headroom, 1);
    const taken: Array<() => void> = [];
    void takeAll(slots, 8, taken);
    await lookedAgain(headroom, 5);
    expect(taken).toHaveLength(2);

    headroom.spare = true;
    await lookedAgain(headroom, 5);
    expect(taken).toHaveLength(6);
    headroom.spare = false;
    await lookedAgain(headroom, 5);
    for (const release of taken.slice(0, 4)) release();
    await settle();
    // Two of the six still run, and a busy loop allows two: the two waiting stay waiting.
    expect(taken).toHaveLength(6);
    taken[4]();
    await settle();
    expect(taken).toHaveLength(7);
  });

  it('stops looking at the loop once nobody waits, keeping only the slots in use', async () => {
    const headroom = loop(true);
    const slots = new HandlerSlots(1, 4, headroom, 1);
    const taken: Array<() => void> = [];
    await Promise.all(takeAll(slots, 3, taken));
    await lookedAgain(headroom, 1);
    const looks = headroom.looks;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(headroom.looks).toBe(looks);
    for (const release of taken) release();
    // Three were in use when it stopped looking, so three run again without waiting for a look.
    const again: Array<() => void> = [];
    void takeAll(slots, 4, again);
    await settle();
    expect(again).toHaveLength(3);
  });
});
