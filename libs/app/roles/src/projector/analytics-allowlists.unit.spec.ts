import { upcastRelayed, type RelayMessageV1 } from '@lib/messaging';
import { allowedData, ALLOWLISTED_CATEGORIES } from '@lib/messaging/testing';
import { usageFactOf } from '@lib/usage/testing';
import { ANALYTICS_ALLOWLISTS } from './analytics-allowlists';

// Issue 39: the analytics topics publish no personal field, and their consumers still work from what they do.
const ADDRESS = 'Ada.Lovelace@Engines.example';
const NAME = 'Lovelace';
const DOMAIN = 'engines.example';
const MARKERS = [ADDRESS, NAME, DOMAIN, 'SMTP said hello'];

const verdict = {
  result: 'ok',
  resultCode: 1,
  subResult: null,
  quality: 'good',
  free: false,
  role: false,
  disposable: false,
  catchAll: false,
  didYouMean: ADDRESS,
  provider: 'google',
  antiSpam: false,
  riskScore: 3,
};
const recorded = { ...verdict, email: ADDRESS, executionMs: 12, creditsCharged: 1, creditsRemaining: 9 };
const evidence = {
  mxHost: `mx.${DOMAIN}`,
  mxAddress: '192.0.2.1',
  smtpCode: 250,
  smtpEnhanced: '2.1.5',
  smtpReply: `SMTP said hello to ${ADDRESS}`,
  egressRoute: 'default',
};
const snapshot = {
  jobId: 7,
  accountId: 'a1',
  keyId: 'k1',
  status: 'Processing',
  doneChunks: 'AQ==',
  counts: { ok: 1 },
};
const file = { name: `${NAME}.csv`, blobKey: 'jobs/7/original', planKey: 'jobs/7/plan.jsonl', sizeBytes: 10 };
const outcome = { email: ADDRESS, status: 'Found', quality: 'Good', result: 'Ok', reason: 'found', confidence: 90 };
const input = { firstName: 'Ada', lastName: NAME, domain: DOMAIN };

/** One event of each kind that carries personal data, with every personal field filled. */
const SAMPLES: Array<[category: string, type: string, data: Record<string, unknown>]> = [
  [
    'verifications',
    'EmailVerified',
    {
      verificationId: 'v1',
      accountId: 'a1',
      keyId: 'k1',
      at: '2026-11-28T10:00:00.000Z',
      verdict: { email: ADDRESS, smtp: { message: evidence.smtpReply } },
      result: recorded,
    },
  ],
  [
    'verifications',
    'BatchVerified',
    {
      verificationId: 'v2',
      accountId: 'a1',
      keyId: 'k1',
      at: '2026-11-28T10:00:00.000Z',
      emails: [ADDRESS],
      verdicts: [{ email: ADDRESS }],
      results: [recorded],
      summary: { total: 1, valid: 1, creditsCharged: 1 },
    },
  ],
  [
    'finder',
    'EmailFound',
    {
      findId: 3,
      accountId: 'a1',
      keyId: 'k1',
      source: { kind: 'single' },
      input,
      outcome,
      creditsCharged: 1,
      at: '2026-11-28T10:00:00.000Z',
    },
  ],
  [
    'jobs',
    'JobCreated',
    {
      jobId: 7,
      accountId: 'a1',
      kind: 'verification',
      file,
      emailColumn: { index: 1, chosenBy: 'header', headerName: `${NAME} email` },
      createdAt: '2026-11-28T10:00:00.000Z',
      snapshot,
    },
  ],
  [
    'jobs',
    'ChunkCompleted',
    {
      jobId: 7,
      chunkNo: 0,
      results: [
        {
          email: ADDRESS,
          canonical: ADDRESS.toLowerCase(),
          firstRow: 2,
          rows: 1,
          verdict: { ...verdict, ...evidence },
        },
      ],
      charged: 1,
      completedAt: '2026-11-28T10:00:00.000Z',
      snapshot,
    },
  ],
  [
    'jobs',
    'ChunkRetryScheduled',
    {
      jobId: 7,
      fromChunkNo: 0,
      retryChunkNo: 1,
      level: 1,
      notBefore: '2026-11-28T10:30:00.000Z',
      items: [{ email: ADDRESS, canonical: ADDRESS, firstRow: 2, rows: 1 }],
      snapshot,
    },
  ],
  [
    'jobs',
    'FinderJobCreated',
    {
      jobId: 8,
      accountId: 'a1',
      kind: 'finder',
      file,
      columns: { domain: 2 },
      createdAt: '2026-11-28T10:00:00.000Z',
      snapshot,
    },
  ],
  [
    'jobs',
    'FinderChunkCompleted',
    {
      jobId: 8,
      chunkNo: 0,
      results: [{ row: 2, input, outcome }],
      charged: 1,
      completedAt: '2026-11-28T10:00:00.000Z',
      snapshot,
    },
  ],
];

const published = (category: string, type: string, data: Record<string, unknown>) =>
  allowedData(data, ANALYTICS_ALLOWLISTS[category][type] ?? {}) as Record<string, unknown>;
const relayed = (category: string, type: string, data: Record<string, unknown>): RelayMessageV1 => ({
  schemaVersion: 1,
  eventId: `${type}-1`,
  type,
  stream: `${category}-1`,
  category,
  position: 1,
  revision: 0,
  occurredAt: '2026-11-28T10:00:00.000Z',
  data,
});

describe('analytics allowlists', () => {
  it('name every allowlisted topic', () => {
    expect(Object.keys(ANALYTICS_ALLOWLISTS).sort()).toEqual([...ALLOWLISTED_CATEGORIES].sort());
  });

  it.each(SAMPLES)('publish no address, name, domain or SMTP text of %s %s', (category, type, data) => {
    const text = JSON.stringify(published(category, type, data)).toLowerCase();
    // The scan can fail: the event as stored holds some of them.
    expect(MARKERS.some((marker) => JSON.stringify(data).toLowerCase().includes(marker.toLowerCase()))).toBe(true);
    for (const marker of MARKERS) expect(text).not.toContain(marker.toLowerCase());
  });

  it('publish a field nobody decided on not at all, however harmless it looks', () => {
    const [category, type, data] = SAMPLES[0];
    const out = published(category, type, { ...data, comment: 'new', result: { ...recorded, note: 'new' } });
    expect(out).not.toHaveProperty('comment');
    expect(out.result).not.toHaveProperty('note');
    expect(published('jobs', 'SomethingNew', { jobId: 7, email: ADDRESS })).toEqual({});
  });

  it('keep what usage analytics counts: the same facts from the published data as from the stored', () => {
    for (const [category, type, data] of SAMPLES) {
      const fact = (d: Record<string, unknown>) => usageFactOf(upcastRelayed(relayed(category, type, d), undefined));
      expect([type, fact(published(category, type, data))]).toEqual([type, fact(data)]);
    }
  });

  it('keep what the job dispatchers read: the plan key and the chunks done', () => {
    for (const type of ['JobCreated', 'FinderJobCreated'])
      expect(published('jobs', type, SAMPLES.find((s) => s[1] === type)![2])).toMatchObject({
        jobId: expect.any(Number),
        accountId: 'a1',
        file: { planKey: file.planKey },
        snapshot: { doneChunks: 'AQ==' },
      });
  });
});
