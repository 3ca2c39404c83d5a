import { VERIFICATION_JOB_PERSONAL_DATA } from './verification-job-personal-data';
import type {
  ChunkCompleted,
  ChunkResult,
  ChunkRetryScheduled,
  JobCreated,
  VerificationJobSnapshot,
} from './verification-job.events';

const [created, completed, retry] = VERIFICATION_JOB_PERSONAL_DATA;
const at = '2026-11-28T10:00:00.000Z';

const snapshot = { jobId: 42, accountId: '7', status: 'Processing' } as unknown as VerificationJobSnapshot;
const result = (email: string, evidence = true): ChunkResult =>
  ({
    email,
    canonical: email.toLowerCase(),
    firstRow: 1,
    rows: 2,
    verdict: {
      result: 'ok',
      resultCode: 1,
      subResult: null,
      didYouMean: `${email}.fixed`,
      riskScore: 5,
      ...(evidence ? { mxHost: 'mx.example.com', smtpReply: `250 ok <${email}>` } : {}),
    },
  }) as unknown as ChunkResult;

const text = (value: unknown) => JSON.stringify(value).toLowerCase();
const roundTrip = (policy: (typeof VERIFICATION_JOB_PERSONAL_DATA)[number], data: object) => {
  const { clear, parts } = policy.split(data as Record<string, unknown>);
  return policy.join(
    clear,
    parts.map((part) => JSON.parse(JSON.stringify(part.value))),
  );
};

describe('verification job personal data', () => {
  const chunk: ChunkCompleted['data'] = {
    jobId: 42,
    chunkNo: 3,
    results: [result('Ada@Example.com'), result('grace@example.com', false)],
    charged: 2,
    completedAt: at,
    snapshot,
  };

  it('keeps no address in the clear part of a chunk, and seals each row under the job and its address', () => {
    const { clear, parts } = completed.split(chunk);
    expect(text(clear)).not.toMatch(/ada|grace/);
    expect(clear).toMatchObject({ jobId: 42, chunkNo: 3, charged: 2, snapshot });
    expect(parts.map((part) => part.scopes)).toEqual([
      ['account:7:job:42', { accountId: '7', address: 'Ada@Example.com' }],
      ['account:7:job:42', { accountId: '7', address: 'grace@example.com' }],
    ]);
  });

  it('joins a chunk back key for key, in order, with and without evidence', () => {
    expect(JSON.stringify(roundTrip(completed, chunk))).toBe(JSON.stringify(chunk));
  });

  it('erases one row of a chunk and keeps the others, the verdicts and the charge', () => {
    const { clear, parts } = completed.split(chunk);
    const erased = completed.join(clear, [null, parts[1].value]) as ChunkCompleted['data'];
    expect(erased.results[0]).toMatchObject({ email: null, canonical: null, firstRow: 1, rows: 2 });
    expect(erased.results[0].verdict).toMatchObject({ result: 'ok', didYouMean: null, smtpReply: null });
    expect(erased.results[1].email).toBe('grace@example.com');
    expect(erased.charged).toBe(2);
    expect(text(erased)).not.toContain('ada');
  });

  const later: ChunkRetryScheduled['data'] = {
    jobId: 42,
    fromChunkNo: 3,
    retryChunkNo: 9,
    level: 1,
    notBefore: at,
    items: [{ email: 'Ada@Example.com', canonical: 'ada@example.com', firstRow: 1, rows: 1 }],
    snapshot,
  };

  it('seals a retry chunk per address, joins it back, and reads an erased item with null addresses', () => {
    expect(JSON.stringify(roundTrip(retry, later))).toBe(JSON.stringify(later));
    const { clear, parts } = retry.split(later);
    expect(text(clear)).not.toContain('ada');
    expect(parts[0].scopes).toEqual(['account:7:job:42', { accountId: '7', address: 'Ada@Example.com' }]);
    expect((retry.join(clear, [null]) as ChunkRetryScheduled['data']).items).toEqual([
      { email: null, canonical: null, firstRow: 1, rows: 1 },
    ]);
  });

  const job = {
    jobId: 42,
    accountId: '7',
    kind: 'verification',
    file: { name: 'ada-lovelace-contacts.csv', blobKey: 'jobs/42/original', planKey: 'jobs/42/plan', sizeBytes: 9 },
    emailColumn: { index: 0, chosenBy: 'header', headerName: 'email' },
    createdAt: at,
    snapshot,
  } as unknown as JobCreated['data'];

  it("seals a job's file name under the job alone, and reads it erased as null", () => {
    const { clear, parts } = created.split(job);
    expect(text(clear)).not.toContain('ada');
    expect(parts).toEqual([{ scopes: ['account:7:job:42'], value: 'ada-lovelace-contacts.csv' }]);
    expect(JSON.stringify(roundTrip(created, job))).toBe(JSON.stringify(job));
    expect((created.join(clear, [null]) as JobCreated['data']).file).toMatchObject({ name: null, sizeBytes: 9 });
  });
});
