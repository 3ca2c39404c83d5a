import { FINDER_PERSONAL_DATA } from './finder-personal-data';
import type { FinderBatchAnswered } from './finder-batch.events';
import type { EmailFound } from './finder-call.events';
import type { FinderChunkCompleted, FinderJobCreated, FinderJobSnapshot } from './finder-job.events';
import type { FinderOutcome } from './finder-outcome';

const [call, batch, jobCreated, chunk] = FINDER_PERSONAL_DATA;
const at = '2026-11-28T10:00:00.000Z';

const outcome = (email: string | null): FinderOutcome => ({
  email,
  status: email ? 'Found' : 'Not Found',
  quality: email ? 'Good' : null,
  result: email ? 'Ok' : null,
  reason: email ? 'found' : 'not_found',
  confidence: email ? 95 : 0,
  provider: 'google',
  probesUsed: 3,
  pattern: email ? 'first.last' : null,
  executionMs: 40,
});
const ada = { firstName: 'Ada', lastName: 'Lovelace', domain: 'analytical.example' };

const text = (value: unknown) => JSON.stringify(value).toLowerCase();
const roundTrip = (policy: (typeof FINDER_PERSONAL_DATA)[number], data: object) => {
  const { clear, parts } = policy.split(data as Record<string, unknown>);
  return policy.join(
    clear,
    parts.map((part) => JSON.parse(JSON.stringify(part.value))),
  );
};

describe('finder personal data', () => {
  const found: EmailFound['data'] = {
    findId: 5,
    accountId: '7',
    keyId: 'k1',
    source: { kind: 'single' },
    input: ada,
    outcome: outcome('ada.lovelace@analytical.example'),
    creditsCharged: 10,
    at,
  };

  it('seals a call that found an address under the finder day and the address, and keeps no name in the clear', () => {
    const { clear, parts } = call.split({ ...found });
    expect(text(clear)).not.toMatch(/ada|lovelace|analytical/);
    expect(clear).toMatchObject({ findId: 5, creditsCharged: 10, outcome: { status: 'Found', confidence: 95 } });
    expect(parts[0].scopes).toEqual([
      'account:7:finder:2026-11-28',
      { accountId: '7', address: 'ada.lovelace@analytical.example' },
    ]);
    expect(JSON.stringify(roundTrip(call, found))).toBe(JSON.stringify(found));
  });

  it('seals a miss under the finder day alone, and reads it erased with null names and its charge intact', () => {
    const missed = { ...found, outcome: outcome(null), creditsCharged: 0 };
    const { clear, parts } = call.split({ ...missed });
    expect(parts[0].scopes).toEqual(['account:7:finder:2026-11-28']);
    const erased = call.join(clear, [null]) as unknown as EmailFound['data'];
    expect(erased.input).toEqual({ firstName: null, lastName: null, domain: null });
    expect(erased.outcome).toMatchObject({ email: null, status: 'Not Found', reason: 'not_found' });
  });

  const answered: FinderBatchAnswered['data'] = {
    batchId: 3,
    accountId: '7',
    creditsCharged: 10,
    at,
    view: {
      results: [
        {
          index: 0,
          input: ada,
          error: null,
          email: 'ada.lovelace@analytical.example',
          status: 'Found',
          quality: 'Good',
          result: 'Ok',
          reason: 'found',
          confidence: 95,
          provider: 'google',
          pattern: 'first.last',
          executionMs: 40,
          creditsCharged: 10,
        },
        { index: 1, input: { firstName: 'Grace', lastName: 7, domain: null }, error: { code: 1001, message: 'bad' } },
      ],
      summary: { total: 2, found: 1, notFound: 0, errors: 1, creditsCharged: 10, creditsRemaining: 90 },
    },
  };

  it('seals a batch answer per contact, joins it back as it was, and erases one contact alone', () => {
    const { clear, parts } = batch.split(answered);
    expect(text(clear)).not.toMatch(/ada|grace|lovelace/);
    expect(parts.map((part) => part.scopes.length)).toEqual([2, 1]);
    expect(JSON.stringify(roundTrip(batch, answered))).toBe(JSON.stringify(answered));
    const erased = batch.join(clear, [null, parts[1].value]) as FinderBatchAnswered['data'];
    expect(erased.view.results[0]).toMatchObject({ input: { firstName: null }, email: null, creditsCharged: 10 });
    expect(erased.view.results[1].input).toEqual({ firstName: 'Grace', lastName: 7, domain: null });
    expect(erased.view.summary).toEqual(answered.view.summary);
  });

  const snapshot = { jobId: 9, accountId: '7' } as unknown as FinderJobSnapshot;

  it('seals each row of a finder chunk under the job (and its found address), and erases rows one by one', () => {
    const completed: FinderChunkCompleted['data'] = {
      jobId: 9,
      chunkNo: 0,
      results: [
        { row: 1, alsoRows: [4], input: ada, outcome: outcome('ada.lovelace@analytical.example') },
        { row: 2, input: { firstName: null, lastName: 'Hopper', domain: 'navy.example' }, outcome: outcome(null) },
      ],
      charged: 10,
      completedAt: at,
      snapshot,
    };
    const { clear, parts } = chunk.split(completed);
    expect(text(clear)).not.toMatch(/ada|hopper|navy/);
    expect(parts.map((part) => part.scopes)).toEqual([
      ['account:7:job:9', { accountId: '7', address: 'ada.lovelace@analytical.example' }],
      ['account:7:job:9'],
    ]);
    expect(JSON.stringify(roundTrip(chunk, completed))).toBe(JSON.stringify(completed));
    const erased = chunk.join(clear, [null, parts[1].value]) as FinderChunkCompleted['data'];
    expect(erased.results[0]).toMatchObject({ row: 1, alsoRows: [4], outcome: { email: null, status: 'Found' } });
    expect(erased.results[1].input.lastName).toBe('Hopper');
  });

  it("seals a finder job's file name under the job, and reads it erased as null", () => {
    const created = {
      jobId: 9,
      accountId: '7',
      kind: 'finder',
      file: { name: 'lovelace.csv', blobKey: 'b', planKey: 'p' },
      createdAt: at,
      snapshot,
    } as unknown as FinderJobCreated['data'];
    expect(JSON.stringify(roundTrip(jobCreated, created))).toBe(JSON.stringify(created));
    const { clear } = jobCreated.split(created);
    expect(text(clear)).not.toContain('lovelace');
    expect((jobCreated.join(clear, [null]) as FinderJobCreated['data']).file.name).toBeNull();
  });
});
