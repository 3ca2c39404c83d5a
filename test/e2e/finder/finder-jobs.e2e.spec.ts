import { eventually, present } from '@lib/common/testing';
import { EventStore } from '@lib/eventstore';
import { FinderWorld, startFinderWorld } from './finder-world';

const CSV =
  [
    'First Name,Last Name,Company Domain,Note',
    'Jane,Doe,firstlast.test,"keeps, its quoting"',
    'José,Müller,https://www.umlaut.test/team,second',
    'Nobody,Here,flast.test,third',
    ',Doe,last.test,no first name',
    ',,first.test,no name',
    'Jane,Doe,gmail.com,free',
  ].join('\r\n') + '\r\n';

describe('finder file jobs', () => {
  let world: FinderWorld;
  let key: string;

  beforeAll(async () => {
    world = await startFinderWorld();
    key = (await world.app.createAccount(1_000)).apiKey;
  }, 30_000);
  afterAll(() => world.close());

  // The same small files are sent many times by one account: knowingly (else 409, code 3021).
  const upload = async (csv: string, fields: Record<string, string> = {}, apiKey = key) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ allowDuplicate: 'true', ...fields })) form.append(name, value);
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'contacts.csv');
    const response = await fetch(`${world.app.url}/v1/finder/jobs`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  async function completed(id: number, apiKey = key) {
    return eventually(
      async () => {
        const { data } = (await world.app.request('GET', `/v1/finder/jobs/${id}`, { key: apiKey })).body;
        return present(data.status === 'Completed' && data, `finder job ${id} to complete`);
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
  }

  describe('a CSV whose columns are named in the header', () => {
    it('runs to Completed, charges 10 per address returned and appends the results to the original rows', async () => {
      const created = await upload(CSV);
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({
        kind: 'finder',
        status: 'Pending',
        counts: { rows: 6, contacts: 5, invalid: 1 },
        quote: 50,
        columns: { firstName: 0, lastName: 1, domain: 2, chosenBy: 'header' },
      });
      const id = created.body.data.id;
      const job = await completed(id);
      expect(job).toMatchObject({
        results: { found: 3, notFound: 2, invalid: 1 },
        creditsCharged: 30,
        progress: { processedRows: 6, totalRows: 6, percent: 100 },
        etaSeconds: 0,
      });

      const download = await world.app.request('GET', `/v1/finder/jobs/${id}/download`, { key });
      expect(download.status).toBe(200);
      expect(download.headers.get('x-partial-result')).toBe('false');
      const lines = download.text.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'First Name,Last Name,Company Domain,Note,email,status,quality,result,reason,confidence,provider',
      );
      expect(lines[1]).toMatch(
        /^Jane,Doe,firstlast\.test,"keeps, its quoting",jane\.doe@firstlast\.test,Found,Good,Ok,found,\d+,$/,
      );
      expect(lines[2]).toMatch(
        /^José,Müller,https:\/\/www\.umlaut\.test\/team,second,jmueller@umlaut\.test,Found,Good,Ok,found,\d+,$/,
      );
      expect(lines[3]).toBe('Nobody,Here,flast.test,third,,Not Found,,,not_found,0,');
      // A row with only a last name is looked up by it (last@); a row with no name at all is not.
      expect(lines[4]).toBe(',Doe,last.test,no first name,doe@last.test,Found,Good,Ok,found,85,');
      expect(lines[5]).toBe(',,first.test,no name,,Not Found,,,invalid_input,0,');
      expect(lines[6]).toBe('Jane,Doe,gmail.com,free,,Not Found,,,unsupported_free_domain,0,');
    });

    it('appends JobCompleted with kind finder for webhooks', async () => {
      const { body } = await upload('first_name,domain\nJane,first.test\n');
      await completed(body.data.id);
      const events = await world.app.running.app.get(EventStore).readStream(`jobs-${body.data.id}`);
      const done = events.find((e) => e.type === 'JobCompleted');
      expect(done?.data).toMatchObject({
        kind: 'finder',
        accountId: expect.any(String),
        summary: { status: 'Completed', creditsCharged: 10, downloadPath: `/v1/finder/jobs/${body.data.id}/download` },
      });
    });

    it('ends the progress stream with a done event', async () => {
      const { body } = await upload('first_name,domain\nJane,first.test\n');
      await completed(body.data.id);
      const stream = await world.app.request('GET', `/v1/finder/jobs/${body.data.id}/stream`, { key });
      expect(stream.headers.get('content-type')).toContain('text/event-stream');
      expect(stream.text).toMatch(/event: done\ndata: \{.*"status":"Completed"/);
    });

    it('refuses to cancel a completed job with 400', async () => {
      const { body } = await upload('first_name,domain\nJane,first.test\n');
      await completed(body.data.id);
      const res = await world.app.request('DELETE', `/v1/finder/jobs/${body.data.id}`, { key });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(3002);
    });
  });

  it('takes the columns from the request when the header does not name them', async () => {
    const created = await upload('who,surname,site\nJane,Doe,flast.test\n', {
      firstNameColumn: 'who',
      lastNameColumn: '1',
      domainColumn: 'site',
    });
    expect(created.status).toBe(201);
    expect(created.body.data.columns).toMatchObject({ firstName: 0, lastName: 1, domain: 2, chosenBy: 'request' });
    expect((await completed(created.body.data.id)).results.found).toBe(1);
  });

  it('splits a single full-name column into given and family name', async () => {
    const created = await upload(
      'name,domain\nJane Doe,firstlast.test\nDr. Anna van der Berg,particle.test\nMichael Doe,nick.test\nNobody Here,flast.test\n',
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      counts: { rows: 4, contacts: 4, invalid: 0 },
      columns: { firstName: null, lastName: null, fullName: 0, domain: 1, domainSource: 'domain', chosenBy: 'header' },
    });
    const job = await completed(created.body.data.id);
    expect(job.results).toEqual({ found: 3, notFound: 1, invalid: 0 });
    const download = await world.app.request('GET', `/v1/finder/jobs/${created.body.data.id}/download`, { key });
    const emails = download.text
      .trimEnd()
      .split(/\r?\n/)
      .slice(1)
      .map((line: string) => line.split(',')[2]);
    expect(emails).toEqual(['jane.doe@firstlast.test', 'aberg@particle.test', 'mike.doe@nick.test', '']);
  });

  describe('a CSV with a last-name column and no first-name column', () => {
    it('looks every row up by its last name alone and charges 10 per address returned', async () => {
      const account = await world.app.createAccount(100);
      const { status, body: created } = await upload(
        'Surname,Website\nDoe,https://www.last.test/\nMüller,last.test\nStone,flast.test\ndoe,LAST.test\n,last.test\n',
        {},
        account.apiKey,
      );
      expect(status).toBe(201);
      expect(created.data).toMatchObject({
        counts: { rows: 5, contacts: 3, duplicates: 1, invalid: 1 },
        quote: 30,
        columns: { firstName: null, lastName: 0, fullName: null, domain: 1, domainSource: 'url', chosenBy: 'header' },
      });
      const job = await completed(created.data.id, account.apiKey);
      expect(job).toMatchObject({
        status: 'Completed',
        creditsCharged: 20,
        results: { found: 3, notFound: 1, invalid: 1 },
      });
      const used = (await world.app.running.app.get(EventStore).readStream(`credits-${account.accountId}`)).filter(
        (e) => e.type === 'CreditsUsed',
      );
      expect(used.map((e) => e.data.amount)).toEqual([20]);
      const download = await world.app.request('GET', `/v1/finder/jobs/${created.data.id}/download`, {
        key: account.apiKey,
      });
      // Confidence 85 or more: the job before confirmed doe@last.test, so last.test may be known to use last@ by now.
      expect(download.text.trimEnd().split(/\r?\n/).slice(1)).toEqual([
        expect.stringMatching(/^Doe,https:\/\/www\.last\.test\/,doe@last\.test,Found,Good,Ok,found,(8[5-9]|9\d),$/),
        expect.stringMatching(/^Müller,last\.test,mueller@last\.test,Found,Good,Ok,found,(8[5-9]|9\d),$/),
        'Stone,flast.test,,Not Found,,,not_found,0,',
        expect.stringMatching(/^doe,LAST\.test,doe@last\.test,Found,Good,Ok,found,(8[5-9]|9\d),$/),
        ',last.test,,Not Found,,,invalid_input,0,',
      ]);
    });
  });

  describe('when one person is on several rows', () => {
    it('looks the person up and charges once, and fills every row with the answer', async () => {
      const account = await world.app.createAccount(100);
      const { body: created } = await upload(
        'first_name,last_name,domain\nJane,Doe,firstlast.test\n JANE ,doe,FirstLast.test\nBob,Stone,firstlast.test\nJane,Doe,firstlast.test\nNobody,Here,flast.test\nnobody,here,flast.test\n',
        {},
        account.apiKey,
      );
      expect(created.data).toMatchObject({ counts: { rows: 6, contacts: 3, duplicates: 3, invalid: 0 }, quote: 30 });
      const rcptsBefore = world.rcptsFor('firstlast.test').filter((a) => a === 'jane.doe@firstlast.test').length;
      const job = await completed(created.data.id, account.apiKey);
      expect(job).toMatchObject({
        status: 'Completed',
        creditsCharged: 20,
        results: { found: 4, notFound: 2, invalid: 0 },
        progress: { processedRows: 6, percent: 100 },
      });
      expect(
        world.rcptsFor('firstlast.test').filter((a) => a === 'jane.doe@firstlast.test').length - rcptsBefore,
      ).toBeLessThanOrEqual(1);
      const used = (await world.app.running.app.get(EventStore).readStream(`credits-${account.accountId}`)).filter(
        (e) => e.type === 'CreditsUsed',
      );
      expect(used.map((e) => e.data.amount)).toEqual([20]);
      const download = await world.app.request('GET', `/v1/finder/jobs/${created.data.id}/download`, {
        key: account.apiKey,
      });
      const emails = download.text
        .trimEnd()
        .split(/\r?\n/)
        .slice(1)
        .map((line: string) => line.split(',')[3]);
      expect(emails).toEqual([
        'jane.doe@firstlast.test',
        'jane.doe@firstlast.test',
        'bob.stone@firstlast.test',
        'jane.doe@firstlast.test',
        '',
        '',
      ]);
    });
  });

  it('refuses a file without any name column with 400', async () => {
    const created = await upload('company,city\nflast.test,Paris\n');
    expect(created.status).toBe(400);
    expect(created.body.error.code).toBe(3011);
  });

  it("lists the caller's finder jobs newest first, 10 per page by default", async () => {
    const res = await world.app.request('GET', '/v1/finder/jobs', { key });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ page: 1, pageSize: 10, total: expect.any(Number) });
    const created = res.body.data.items.map((j: { createdAt: string }) => j.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it("does not show another account's job", async () => {
    const { body } = await upload('first_name,domain\nJane,first.test\n');
    const other = await world.app.createAccount(10);
    const res = await world.app.request('GET', `/v1/finder/jobs/${body.data.id}`, { key: other.apiKey });
    expect(res.status).toBe(404);
  });
});
