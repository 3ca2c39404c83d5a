import { AddressQueue } from './address-queue';

describe('the address queue sessions share', () => {
  it('hands addresses out in order and takes back what a session could not ask, to be asked first and in order', () => {
    const queue = new AddressQueue(['a', 'b', 'c', 'd', 'e']);
    const first = [queue.take(), queue.take(), queue.take()];
    expect(first).toEqual(['a', 'b', 'c']);
    queue.giveBack(['b', 'c']);
    expect(queue.size).toBe(4);
    expect([queue.take(), queue.take(), queue.take()]).toEqual(['b', 'c', 'd']);
    expect(queue.rest()).toEqual(['e']);
    expect(queue.size).toBe(0);
    expect(queue.take()).toBeUndefined();
  });
});
