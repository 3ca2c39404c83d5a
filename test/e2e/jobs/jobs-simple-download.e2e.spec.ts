import { followStream, JobsWorld, parseCsv, startJobsWorld, uploadJob } from './jobs-world';

// Duplicates (exact and by case), a malformed cell twice, an empty cell twice, a catch-all and a rejection.
const CSV = [
  'id,name,email',
  '1,Alice,alice@alpha.test',
  '2,Bob,bob@alpha.test',
  '3,Alice again,ALICE@alpha.test',
  '4,Nobody,nobody@gamma.test',
  '5,Anyone,anyone@beta.test',
  '6,Broken,not-an-email',
  '7,Broken again,not-an-email',
  '8,Empty,',
  '9,Empty again,',
  '10,Bob twice,bob@alpha.test',
].join('\n');

const LABELS: Record<string, string> = {
  ok: 'Deliverable',
  catch_all: 'Catch-all',
  unknown: 'Unknown',
  disposable: 'Disposable',
  invalid: 'Invalid',
  error: 'Error',
};

describe('downloads in the words and numbers of the job page', () => {
  let world: JobsWorld;
  let key: string;
  let jobId: number;
  const download = async (query: string) => {
    const response = await fetch(`${world.app.url}/v1/jobs/${jobId}/download?${query}`, {
      headers: { 'x-api-key': key },
    });
    return { response, rows: response.status === 200 ? await parseCsv(await response.text()) : [] };
  };
  /** Data rows per value of the last column. */
  const perValue = (rows: string[][]) => {
    const counts: Record<string, number> = {};
    for (const row of rows.slice(1)) counts[row[row.length - 1]] = (counts[row[row.length - 1]] ?? 0) + 1;
    return counts;
  };

  beforeAll(async () => {
    world = await startJobsWorld();
    ({ apiKey: key } = await world.app.createAccount(100));
    const created = await uploadJob(world.app, key, CSV, { dedupe: 'true' });
    expect(created.status).toBe(201);
    jobId = created.body.data.id;
    await followStream(world.app, key, jobId);
  }, 30_000);
  afterAll(() => world?.close());

  it('finding 5: counts each result once per address, as many as the deduplicated download holds', async () => {
    const job = (await world.app.request('GET', `/v1/jobs/${jobId}`, { key })).body.data;
    expect(job.status).toBe('Completed');
    // Per row: alice twice, bob twice; the malformed cell twice and two empty cells are invalid rows.
    expect(job.results).toEqual({ ok: 4, catch_all: 1, invalid: 5, unknown: 0, disposable: 0, error: 0 });
    // Once per address: the malformed cell once; every empty cell is a row of its own in the file.
    expect(job.addressResults).toEqual({ ok: 2, catch_all: 1, invalid: 4, unknown: 0, disposable: 0, error: 0 });
    const deduped = await download('format=simple');
    const byLabel = perValue(deduped.rows);
    for (const [result, count] of Object.entries(job.addressResults as Record<string, number>))
      expect({ result, rows: byLabel[LABELS[result]] ?? 0 }).toEqual({ result, rows: count });
    const everyRow = perValue((await download('format=simple&dedupe=false')).rows);
    for (const [result, count] of Object.entries(job.results as Record<string, number>))
      expect({ result, rows: everyRow[LABELS[result]] ?? 0 }).toEqual({ result, rows: count });
  });

  it('finding 5: format=simple adds one "Email status" column in the page words to the original columns', async () => {
    const { response, rows } = await download('format=simple&results=ok,catch_all');
    expect(response.status).toBe(200);
    expect(rows[0]).toEqual(['id', 'name', 'email', 'Email status']);
    expect(rows.slice(1)).toEqual([
      ['1', 'Alice', 'alice@alpha.test', 'Deliverable'],
      ['2', 'Bob', 'bob@alpha.test', 'Deliverable'],
      ['5', 'Anyone', 'anyone@beta.test', 'Catch-all'],
    ]);
  });

  it('names each file after the rows it holds', async () => {
    const name = async (query: string) =>
      (await download(query)).response.headers.get('content-disposition')?.match(/filename="([^"]+)"/)?.[1];
    expect(await name('format=simple&results=ok')).toBe('list-deliverable.csv');
    expect(await name('results=catch_all,ok')).toBe('list-deliverable-catch-all.csv');
    expect(await name('format=simple')).toBe('list-results.csv');
  });

  it('keeps columns= as it was, and refuses format=simple with columns or an unknown format', async () => {
    expect((await download('columns=result,riskScore')).rows[0]).toEqual([
      'id',
      'name',
      'email',
      'result',
      'riskScore',
    ]);
    for (const query of ['format=simple&columns=result', 'format=pretty']) {
      const answer = await world.app.request('GET', `/v1/jobs/${jobId}/download?${query}`, { key });
      expect({ query, status: answer.status, code: answer.body.error.code }).toEqual({
        query,
        status: 400,
        code: 1006,
      });
    }
  });
});
