import { GroupOutcome, outcomesInSavepoints, SameTurnGroups } from './same-turn-groups';

/** A writer that records each group it was handed and refuses negative numbers one by one. */
function recordingWriter() {
  const groups: number[][] = [];
  const write = (group: number[]): GroupOutcome<string>[] => {
    groups.push([...group]);
    return group.map((n) => (n < 0 ? { ok: false, error: new Error(`refused ${n}`) } : { ok: true, result: `w${n}` }));
  };
  return { groups, write };
}

describe('same-turn groups', () => {
  it('hands calls made in one turn to the writer as one group, and later calls as the next', async () => {
    const writer = recordingWriter();
    const groups = new SameTurnGroups(writer.write);
    expect(await Promise.all([groups.add(1), groups.add(2), groups.add(3)])).toEqual(['w1', 'w2', 'w3']);
    expect(await groups.add(4)).toBe('w4');
    expect(writer.groups).toEqual([[1, 2, 3], [4]]);
  });

  it('writes nothing before the turn ends', async () => {
    const writer = recordingWriter();
    const groups = new SameTurnGroups(writer.write);
    const written = groups.add(1);
    expect(writer.groups).toEqual([]);
    await written;
    expect(writer.groups).toEqual([[1]]);
  });

  it('splits a turn into groups of at most maxGroup, in call order', async () => {
    const writer = recordingWriter();
    const groups = new SameTurnGroups(writer.write, 2);
    await Promise.all([1, 2, 3, 4, 5].map((n) => groups.add(n)));
    expect(writer.groups).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('refuses only the call whose outcome failed', async () => {
    const groups = new SameTurnGroups(recordingWriter().write);
    const results = await Promise.allSettled([groups.add(1), groups.add(-2), groups.add(3)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('refused -2'));
  });

  it('rejects every call of the group when the writer throws, and writes the next group afterwards', async () => {
    let failNext = true;
    const groups = new SameTurnGroups((group: number[]): GroupOutcome<number>[] => {
      if (failNext) {
        failNext = false;
        throw new Error('disk full');
      }
      return group.map((n) => ({ ok: true, result: n }));
    });
    const results = await Promise.allSettled([groups.add(1), groups.add(2)]);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : r.value))).toEqual([
      'Error: disk full',
      'Error: disk full',
    ]);
    expect(await groups.add(3)).toBe(3);
  });

  it('flush writes the calls made so far at once (close paths)', async () => {
    const writer = recordingWriter();
    const groups = new SameTurnGroups(writer.write);
    const written = Promise.all([groups.add(1), groups.add(2)]);
    groups.flush();
    expect(writer.groups).toEqual([[1, 2]]);
    expect(await written).toEqual(['w1', 'w2']);
  });
});

describe('outcomes in savepoints', () => {
  const writeOrRefuse = (n: number) => {
    if (n < 0) throw new Error(`refused ${n}`);
    return n * 10;
  };

  it('answers one outcome per item, a refused item as its own failure', () => {
    expect(outcomesInSavepoints([1, -2, 3], writeOrRefuse, () => true)).toEqual([
      { ok: true, result: 10 },
      { ok: false, error: new Error('refused -2') },
      { ok: true, result: 30 },
    ]);
  });

  it('rethrows a failure that ended the whole transaction, so the group is refused', () => {
    expect(() => outcomesInSavepoints([1, -2, 3], writeOrRefuse, () => false)).toThrow('refused -2');
  });
});
