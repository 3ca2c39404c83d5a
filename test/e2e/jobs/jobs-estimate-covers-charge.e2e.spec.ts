import { eventually, present } from '@lib/common/testing';
import { estimateCost } from '../../../web/src/lib/cost';
import { previewCsv } from '../../../web/src/lib/csv-preview';
import { JobsWorld, startJobsWorld, uploadJob } from './jobs-world';

/**
 * Finding 2 of issue 37: the Lists page's "at most" must never be below what the job charges. Each file
 * mixes what marketers' lists hold: malformed cells (charged: verified as invalid), the same address in
 * other cases or behind `mailto:`, empty and blank cells (free), short and long lines, quoted delimiters,
 * a catch-all domain and greylisting. The page's own estimate (web/src/lib/cost.ts, on the page's own
 * preview of the file) is compared with the job's charge, with dedupe on and off.
 */
const FILES: Record<string, string> = {
  'malformed lines': [
    'name,email,company',
    'Ann,alice@alpha.test,A',
    'Bo,not-an-address,B',
    'Cy,John at Example,C',
    'Di,john at example,D',
    'Ed,a@b,E',
    'Fi,x@-bad.test,F',
    'Gu,bob@alpha.test,G',
    'Hu,"nobody@gamma.test",H',
    'Io,"Not, An Address",I',
    'Ja,@alpha.test,J',
  ].join('\n'),
  'duplicates in other spellings': [
    'email;list',
    'alice@alpha.test;1',
    'ALICE@alpha.test;2',
    'mailto:alice@alpha.test;3',
    ' bob@alpha.test ;4',
    'bob@ALPHA.TEST;5',
    'anyone@beta.test;6',
    'Anyone@Beta.Test;7',
    'no-at-sign;8',
    'no-at-sign;9',
    'No-At-Sign;10',
  ].join('\r\n'),
  'empty cells, short and long lines': [
    'id,email,extra',
    '1,,x',
    '2,   ,x',
    '3',
    '4,nobody@gamma.test,x,y,z',
    '',
    '5,someone@beta.test',
    '6,slow@grey.test,x',
    '7,"",x',
    '8,mailto:,x',
    '9,bad@@gamma.test,x',
  ].join('\n'),
};

describe('the preview estimate against the charge (issue 37)', () => {
  let world: JobsWorld;

  beforeAll(async () => {
    world = await startJobsWorld();
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  const cases = Object.keys(FILES).flatMap((file) => [true, false].map((dedupe) => ({ file, dedupe })));

  it.each(cases)(
    'finding 2: "at most" covers the charge for $file (dedupe $dedupe)',
    async ({ file, dedupe }) => {
      const csv = `${FILES[file]}\n`;
      const preview = previewCsv(csv, true);
      expect(preview.emailColumn).not.toBeNull();
      const estimate = estimateCost(
        csv,
        preview.delimiter,
        preview.hasHeader,
        preview.emailColumn!,
        csv.length,
        csv.length,
        true,
      );
      const { apiKey } = await world.app.createAccount(100);
      const created = await uploadJob(world.app, apiKey, csv, {
        emailColumn: String(preview.emailColumn),
        dedupe: String(dedupe),
      });
      expect(created.status).toBe(201);
      const done = await eventually(
        async () => {
          const job = (await world.app.request('GET', `/v1/jobs/${created.body.data.id}`, { key: apiKey })).body.data;
          return present(job.status === 'Completed' && job, 'the job to complete');
        },
        { timeoutMs: 25_000, intervalMs: 100 },
      );
      expect(done.creditsCharged).toBeGreaterThan(0);
      expect(estimate.exact).toBe(true);
      expect(estimate.credits).toBeGreaterThanOrEqual(done.creditsCharged);
      // The server's own most (its quote) is covered too: the page never promises less than the server may take.
      expect(estimate.credits).toBeGreaterThanOrEqual(created.body.data.quote);
    },
    40_000,
  );
});
