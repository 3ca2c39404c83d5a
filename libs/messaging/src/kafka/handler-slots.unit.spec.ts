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
