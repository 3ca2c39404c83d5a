import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadStore } from '@lib/readstore';
import { USAGE_FACTS_COLLECTION, UsageFactDoc } from '../record-usage/usage-fact';
import { ListUsageFactsHandler } from './list-usage-facts.handler';
import { ListUsageFactsQuery } from './list-usage-facts.query';

const fact = (id: string, accountId: string, day: string, calls: number): UsageFactDoc => ({
  _id: id,
  day,
  accountId,
  keyId: 'k1',
  kind: 'verification',
  calls,
  credits: calls,
  byResult: { ok: calls },
  at: `${day}T10:00:00.000Z`,
});

describe('ListUsageFactsQuery', () => {
  let dir: string;
  let reads: SqliteReadStore;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'usage-facts-'));
    reads = new SqliteReadStore(join(dir, 'read.sqlite'));
    const facts = reads.collection<UsageFactDoc>(USAGE_FACTS_COLLECTION);
    for (const doc of [
      fact('e1', '1', '2025-03-01', 2),
      fact('e2', '1', '2025-03-02', 3),
      fact('e3', '1', '2025-03-09', 5),
      fact('e4', '2', '2025-03-01', 7),
    ])
      await facts.upsert(doc);
  });
  afterAll(async () => {
    await reads.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers the account's facts on the asked days only, without the event id they are stored under", async () => {
    const facts = await new ListUsageFactsHandler(reads).execute(
      new ListUsageFactsQuery('1', ['2025-03-01', '2025-03-02', '2025-03-03']),
    );
    expect(facts.sort((a, b) => a.day.localeCompare(b.day))).toEqual([
      {
        day: '2025-03-01',
        accountId: '1',
        keyId: 'k1',
        kind: 'verification',
        calls: 2,
        credits: 2,
        byResult: { ok: 2 },
        at: '2025-03-01T10:00:00.000Z',
      },
      {
        day: '2025-03-02',
        accountId: '1',
        keyId: 'k1',
        kind: 'verification',
        calls: 3,
        credits: 3,
        byResult: { ok: 3 },
        at: '2025-03-02T10:00:00.000Z',
      },
    ]);
    expect(await new ListUsageFactsHandler(reads).execute(new ListUsageFactsQuery('3', ['2025-03-01']))).toEqual([]);
  });
});
