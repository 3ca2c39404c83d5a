import { timeOrderedUuid, timeOrderedUuids } from './time-ordered-uuid';

const FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const T = Date.UTC(2026, 10, 29, 3, 0, 0);

const millisOf = (id: string): number => parseInt(id.replace(/-/g, '').slice(0, 12), 16);
const counterOf = (id: string): number => parseInt(id.slice(15, 18), 16);
const randBOf = (id: string): string => id.replace(/-/g, '').slice(16);

function expectStrictlyIncreasing(ids: string[]): void {
  for (let i = 1; i < ids.length; i++)
    if (!(ids[i - 1] < ids[i])) throw new Error(`${ids[i - 1]} is not before ${ids[i]} (index ${i})`);
}

describe('timeOrderedUuids', () => {
  it('makes a UUID version 7 with the RFC 9562 variant, carrying the Unix milliseconds it was made at', () => {
    const id = timeOrderedUuids(() => T)();
    expect(id).toMatch(FORMAT);
    expect(millisOf(id)).toBe(T);
  });

  describe('when many ids are made in one millisecond', () => {
    const next = timeOrderedUuids(() => T);
    const ids = Array.from({ length: 10_000 }, () => next());

    it('sorts them as strings in the order they were made, all distinct and well formed', () => {
      expectStrictlyIncreasing(ids);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.every((id) => FORMAT.test(id))).toBe(true);
    });

    it('counts in rand_a, carrying into the next milliseconds only past the counter, by a few at most', () => {
      expect(counterOf(ids[1])).toBe(counterOf(ids[0]) + 1);
      expect(millisOf(ids[0])).toBe(T);
      expect(millisOf(ids[ids.length - 1])).toBeGreaterThan(T);
      expect(millisOf(ids[ids.length - 1])).toBeLessThanOrEqual(T + 5);
    });

    it('keeps 62 random bits per id, not a sequence', () => {
      expect(new Set(ids.map(randBOf)).size).toBe(ids.length);
      expect(new Set(ids.map((id) => randBOf(id)[5])).size).toBe(16);
    });
  });

  it('stays in creation order when the clock steps back', () => {
    let now = T;
    const next = timeOrderedUuids(() => now);
    const before = next();
    now = T - 5_000;
    const after = next();
    expect(after > before).toBe(true);
    expect(millisOf(after)).toBe(T);
  });

  it('starts each new millisecond at a random counter in the lower half of its range', () => {
    let now = T;
    const next = timeOrderedUuids(() => now++);
    const counters = Array.from({ length: 200 }, () => counterOf(next()));
    expect(Math.max(...counters)).toBeLessThan(0x800);
    expect(new Set(counters).size).toBeGreaterThan(150);
  });
});

describe('timeOrderedUuid', () => {
  it('orders ids made back to back on the wall clock, within and across milliseconds', () => {
    const ids = Array.from({ length: 20_000 }, () => timeOrderedUuid());
    expectStrictlyIncreasing(ids);
    expect(Math.abs(millisOf(ids[0]) - Date.now())).toBeLessThan(60_000);
  });
});
