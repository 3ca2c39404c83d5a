import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decidedHistory } from '@lib/common/testing';
import { SqliteEventStore } from '@lib/eventstore';
import { ProjectionRunner, SqliteReadStore } from '@lib/readstore';
import { parseResultColumns } from '../csv/result-columns';
import { CreateJob } from '../domain/verification-job.commands';
import { verificationJobDecider } from '../domain/verification-job.decider';
import { ChunkResult } from '../domain/verification-job.events';
import { filterRowsByResult } from '../download-job/result-filter';
import { VerificationRowResolver } from '../download-job/verification-row-resolver';
import {
  VERIFICATION_JOB_RESULTS_COLLECTION,
  VERIFICATION_JOBS_COLLECTION,
  VerificationJobDocument,
  StoredVerificationJobResult,
} from './verification-job.documents';
import { verificationJobsProjection } from './jobs.projection';
import { CsvRecord, jobStream } from '@lib/jobs';
import { aVerdict } from '../../../../../test/support/verdicts';
import { AT, createJobCommand } from '../domain/verification-job.fixture';

const createJob: CreateJob = createJobCommand({
  chunkCount: 1,
  columnCount: 2,
  counts: { rows: 2, uniqueAddresses: 2, duplicates: 0, invalidSyntax: 0 },
});
// A ChunkCompleted as stored before verdicts carried evidence: the public fields only.
const oldResult = (email: string, firstRow: number, outcome: 'ok' | 'invalid', riskScore: number): ChunkResult => ({
  email,
  canonical: email,
  firstRow,
  rows: 1,
  verdict: aVerdict({
    result: outcome,
    resultCode: outcome === 'ok' ? 1 : 6,
    role: true,
    provider: 'google',
    riskScore,
  }),
});

const record = (index: number, email: string): CsvRecord => ({
  index,
  line: index + 1,
  fields: ['Ada', email],
  raw: `Ada,${email}`,
  lineTerminator: '\n',
});
// The columns of job_results.values before rows were stored by name: result columns then evidence.
const positional = (result: string, riskScore: string, smtpReply?: string): string[] => [
  result,
  result === 'ok' ? '1' : '6',
  '',
  'good',
  'false',
  'true',
  'false',
  'false',
  '',
  'google',
  'false',
  riskScore,
  ...(smtpReply === undefined ? [] : ['mx1.x.test', '192.0.2.1', '250', '2.1.5', smtpReply]),
];

describe('job row results', () => {
  let dir: string;
  let events: SqliteEventStore;
  let reads: SqliteReadStore;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'job-results-'));
    events = new SqliteEventStore(join(dir, 'events.sqlite'), { pollIntervalMs: 20, retryDelayMs: 20 });
    reads = new SqliteReadStore(join(dir, 'read.sqlite'));
  });
  afterEach(async () => {
    await events.close();
    await reads.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const job = async (): Promise<VerificationJobDocument> =>
    (await reads.collection<VerificationJobDocument>(VERIFICATION_JOBS_COLLECTION).get('42'))!;
  const results = () => reads.collection<StoredVerificationJobResult>(VERIFICATION_JOB_RESULTS_COLLECTION);
  const resolve = async (
    jobDoc: VerificationJobDocument,
    columns: string | undefined,
    wanted: ReadonlySet<string> | null = null,
  ) => {
    const rows = await filterRowsByResult(new VerificationRowResolver(results(), jobDoc, false), wanted).resolve([
      record(1, 'a@x.test'),
      record(2, 'b@x.test'),
    ]);
    return rows.map((cells) => cells && parseResultColumns(columns).map((column) => cells[column] ?? ''));
  };

  describe('when the read model was rebuilt from events stored before verdicts carried evidence', () => {
    it('stores every row by column name and reads each value under its own column', async () => {
      const history = decidedHistory(
        verificationJobDecider,
        createJob,
        { type: 'StartJob', at: AT },
        {
          type: 'CompleteChunk',
          chunkNo: 0,
          results: [oldResult('a@x.test', 1, 'ok', 12), oldResult('b@x.test', 2, 'invalid', 95)],
          retry: null,
          at: AT,
        },
      );
      await events.appendToStream(
        jobStream(42),
        history.map((e) => ({ type: e.type, data: e.data as Record<string, unknown> })),
        'no_stream',
      );
      // A row left by the positional read model: the rebuild replaces it.
      await results().upsert({ _id: '42:a@x.test', jobId: 42, firstRow: 1, values: positional('unknown', '50') });

      await new ProjectionRunner(events, reads, [verificationJobsProjection], { name: 'rebuild-test' }).rebuild();

      const stored = await results().find({ filter: { jobId: 42 } });
      expect(stored.map((doc) => 'cells' in doc && !('values' in doc))).toEqual([true, true]);
      expect(await resolve(await job(), 'result,riskScore,provider,smtpReply')).toEqual([
        ['ok', '12', 'google', ''],
        ['invalid', '95', 'google', ''],
      ]);
      expect(await resolve(await job(), 'riskScore,result')).toEqual([
        ['12', 'ok'],
        ['95', 'invalid'],
      ]);
      expect(await resolve(await job(), 'result', new Set(['invalid']))).toEqual([null, ['invalid']]);
    });
  });

  describe('when rows were stored by position and never rebuilt', () => {
    it('reads them by the column order they were written in, with or without evidence', async () => {
      const history = decidedHistory(verificationJobDecider, createJob);
      await events.appendToStream(
        jobStream(42),
        history.map((e) => ({ type: e.type, data: e.data as Record<string, unknown> })),
        'no_stream',
      );
      await new ProjectionRunner(events, reads, [verificationJobsProjection], { name: 'positional-test' }).rebuild();
      await results().upsert({
        _id: '42:a@x.test',
        jobId: 42,
        firstRow: 1,
        values: positional('ok', '12', '250 2.1.5 OK'),
      });
      await results().upsert({ _id: '42:b@x.test', jobId: 42, firstRow: 2, values: positional('invalid', '95') });

      const jobDoc = { ...(await job()), status: 'Processing' } as VerificationJobDocument;
      expect(await resolve(jobDoc, 'all,smtpCode,smtpReply')).toEqual([
        ['ok', '1', '', 'good', 'false', 'true', 'false', 'false', '', 'google', 'false', '12', '250', '250 2.1.5 OK'],
        ['invalid', '6', '', 'good', 'false', 'true', 'false', 'false', '', 'google', 'false', '95', '', ''],
      ]);
      expect(await resolve(jobDoc, 'result', new Set(['ok']))).toEqual([['ok'], null]);
    });
  });
});
