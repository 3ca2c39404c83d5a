import { readCsvRecords } from '@lib/jobs/testing';
import { followStream, JobsWorld, ledgerOf, parseCsv, startJobsWorld, uploadJob } from './jobs-world';

// Extra columns, quoted fields with the delimiter, escaped quotes and an embedded CRLF, a duplicate
// differing only in case, an exact duplicate, a malformed address, and no newline after the last row.
const CSV = [
  'id,"Full Name",Email,notes',
  '1,"Smith, Alice",alice@alpha.test,"said ""hi"""',
  '2,Bob,bob@alpha.test,',
  '3,"Multi\r\nLine",nobody@gamma.test,x',
  '4,Any,anyone@beta.test,"a;b"',
  '5,Alice again,Alice@Alpha.test,dup',
  '6,Slow,slow@grey.test,greylisted once',
  '7,Broken,not-an-email,',
  '8,Bob twice,bob@alpha.test,dup2',
].join('\r\n');

const EXPECTED: Record<string, [string, string | null]> = {
  'alice@alpha.test': ['ok', 'ok'],
  'bob@alpha.test': ['ok', 'ok'],
  'nobody@gamma.test': ['invalid', null],
  'anyone@beta.test': ['catch_all', null],
  'Alice@Alpha.test': ['ok', 'ok'],
  'slow@grey.test': ['ok', 'ok'],
  'not-an-email': ['invalid', 'invalid_syntax'],
};

async function originalRows(): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const record of readCsvRecords([Buffer.from(CSV)])) rows.push(record.fields);
  return rows;
}

describe('bulk verification job, from upload to download', () => {
  let world: JobsWorld;
  let key: string;
  let accountId: string;
  let jobId: number;

  beforeAll(async () => {
    world = await startJobsWorld();
    ({ apiKey: key, accountId } = await world.app.createAccount(100));
  }, 30_000);
  afterAll(() => world?.close());

  it('answers 201 with the counts, the quote, the detected email column and status Pending', async () => {
    const created = await uploadJob(world.app, key, CSV);
    expect(created.status).toBe(201);
    const job = created.body.data;
    jobId = job.id;
    expect(job).toMatchObject({
      status: 'Pending',
      fileName: 'list.csv',
      hasHeader: true,
      dedupe: false,
      quote: 6,
      counts: { rows: 8, uniqueAddresses: 6, duplicates: 2, invalidSyntax: 1, blank: 0 },
      emailColumn: { index: 2, chosenBy: 'header', headerName: 'Email' },
    });
    const read = await world.app.request('GET', `/v1/jobs/${jobId}`, { key });
    expect(read.status).toBe(200);
    expect(read.body.data.id).toBe(jobId);
  });

  it('streams progress to a final done event through proxies, with the job Completed', async () => {
    const { events, headers } = await followStream(world.app, key, jobId);
    expect(headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(headers.get('cache-control')).toMatch(/no-cache/);
    expect(headers.get('x-accel-buffering')).toBe('no');
    expect(events.some((e) => e.event === 'progress')).toBe(true);
    const done = events[events.length - 1];
    expect(done.event).toBe('done');
    expect(done.data).toMatchObject({
      id: jobId,
      status: 'Completed',
      progress: { processedRows: 8, totalRows: 8, percent: 100 },
      etaSeconds: 0,
    });
  }, 30_000);

  it('counts rows per result, retried the greylisted address within the job and charged decisive results only', async () => {
    const job = (await world.app.request('GET', `/v1/jobs/${jobId}`, { key })).body.data;
    expect(job.results).toEqual({ ok: 5, invalid: 2, catch_all: 1, unknown: 0, disposable: 0, error: 0 });
    expect(job.creditsCharged).toBe(6); // the malformed row too: `invalid` is decisive, as in single verify
    expect(
      world.smtp.stats.rcpts.filter((r) => r.address.toLowerCase() === 'slow@grey.test').length,
    ).toBeGreaterThanOrEqual(2);
    expect(await ledgerOf(world.app, accountId)).toMatchObject({ balance: 94, held: 0 });
  });

  it('downloads the original rows byte for byte with every result appended', async () => {
    const response = await fetch(`${world.app.url}/v1/jobs/${jobId}/download`, { headers: { 'x-api-key': key } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toContain('filename="list-results.csv"');
    expect(response.headers.get('x-partial-result')).toBe('false');
    const text = await response.text();
    // every original record's text is in the download unchanged, in order
    const body = CSV.split('\r\n');
    expect(
      text.startsWith(
        `${body[0]},result,resultCode,subResult,quality,free,role,disposable,catchAll,didYouMean,provider,antiSpam,riskScore\r\n`,
      ),
    ).toBe(true);
    expect(text).toContain('1,"Smith, Alice",alice@alpha.test,"said ""hi""",ok,1,');
    expect(text).toContain('3,"Multi\r\nLine",nobody@gamma.test,x,invalid,6,');
    const rows = await parseCsv(text);
    const original = await originalRows();
    expect(rows).toHaveLength(original.length);
    rows.forEach((row, k) => {
      expect(row.slice(0, 4)).toEqual(original[k]);
      if (k === 0) return;
      const [result, subResult] = EXPECTED[original[k][2]];
      expect(row[4]).toBe(result);
      if (subResult) expect(row[6]).toBe(subResult);
      expect(row).toHaveLength(16);
    });
  });

  it('keeps one row per address with dedupe and only the asked columns, in the asked order', async () => {
    const response = await fetch(`${world.app.url}/v1/jobs/${jobId}/download?dedupe=true&columns=riskScore,RESULT`, {
      headers: { 'x-api-key': key },
    });
    const rows = await parseCsv(await response.text());
    expect(rows[0]).toEqual(['id', 'Full Name', 'Email', 'notes', 'riskScore', 'result']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['1', '2', '3', '4', '6', '7']);
    expect(rows.slice(1).map((r) => r[5])).toEqual(['ok', 'ok', 'invalid', 'catch_all', 'ok', 'invalid']);
  });

  it('keeps only the rows with the asked results, whatever columns are chosen', async () => {
    const deliverable = await fetch(`${world.app.url}/v1/jobs/${jobId}/download?results=ok`, {
      headers: { 'x-api-key': key },
    });
    expect(deliverable.status).toBe(200);
    const okRows = await parseCsv(await deliverable.text());
    expect(okRows.slice(1).map((r) => r[0])).toEqual(['1', '2', '5', '6', '8']);
    expect(okRows.slice(1).every((r) => r[4] === 'ok')).toBe(true);
    const withCatchAll = await fetch(
      `${world.app.url}/v1/jobs/${jobId}/download?results=OK,catch_all&columns=none&dedupe=true`,
      { headers: { 'x-api-key': key } },
    );
    const rows = await parseCsv(await withCatchAll.text());
    expect(rows[0]).toEqual(['id', 'Full Name', 'Email', 'notes']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['1', '2', '4', '6']);
    const invalid = await fetch(`${world.app.url}/v1/jobs/${jobId}/download?results=invalid&columns=result`, {
      headers: { 'x-api-key': key },
    });
    expect((await parseCsv(await invalid.text())).slice(1).map((r) => [r[0], r[4]])).toEqual([
      ['3', 'invalid'],
      ['7', 'invalid'],
    ]);
  });

  it('adds the evidence columns when asked: the MX spoken to and the reply that decided each row', async () => {
    const response = await fetch(
      `${world.app.url}/v1/jobs/${jobId}/download?results=invalid&columns=result,mxHost,mxAddress,smtpCode,smtpEnhanced,smtpReply`,
      { headers: { 'x-api-key': key } },
    );
    const rows = await parseCsv(await response.text());
    expect(rows[0].slice(4)).toEqual(['result', 'mxHost', 'mxAddress', 'smtpCode', 'smtpEnhanced', 'smtpReply']);
    expect(rows[1].slice(4, 9)).toEqual(['invalid', 'mx.gamma.test', '127.0.0.1', '550', '5.1.1']);
    expect(rows[1][9]).toContain('User unknown');
    // A syntax failure was decided without any SMTP conversation: empty evidence.
    expect(rows[2].slice(4)).toEqual(['invalid', '', '', '', '', '']);
  });

  it('refuses an unknown result in the filter with 400 code 3013 naming it', async () => {
    const response = await world.app.request('GET', `/v1/jobs/${jobId}/download?results=ok,good`, { key });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 'error', data: null, error: { code: 3013 } });
    expect(response.body.error.message).toContain('good');
  });

  it('refuses an unknown result column with 400 in the envelope', async () => {
    const response = await world.app.request('GET', `/v1/jobs/${jobId}/download?columns=result,colour`, { key });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 'error', data: null, error: { code: 3009 } });
    expect(response.body.error.message).toContain('colour');
  });

  it('lists the job, newest first, 20 per page by default', async () => {
    const list = await world.app.request('GET', '/v1/jobs', { key });
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ page: 1, pageSize: 20, total: 1, totalPages: 1 });
    expect(list.body.data.items[0]).toMatchObject({ id: jobId, status: 'Completed' });
  });

  it('refuses to cancel a Completed job with 400 code 3002', async () => {
    const response = await world.app.request('DELETE', `/v1/jobs/${jobId}`, { key });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(3002);
  });
});
