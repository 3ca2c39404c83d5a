import { eventually, present } from '@lib/common/testing';
import { JobsWorld, ledgerOf, startJobsWorld, uploadJob } from './jobs-world';

/**
 * Finding 3 of issue 37: the same file uploaded twice was verified and charged twice, silently. An upload
 * of the same bytes with the same options, by the same account, within JOB_DUPLICATE_WINDOW_HOURS, is
 * refused with 409 code 3021 naming the earlier job, unless allowDuplicate=true; nothing is created or
 * charged by the refused one. Another account, other options, or a retry under the same Idempotency-Key
 * (which replays the first answer) are not duplicates.
 */
const CSV = 'email\nalice@alpha.test\nbob@alpha.test\nnobody@gamma.test\n';

describe('an identical file uploaded again (issue 37)', () => {
  let world: JobsWorld;

  beforeAll(async () => {
    world = await startJobsWorld();
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  const jobsOf = async (key: string) =>
    (await world.app.request('GET', '/v1/jobs', { key })).body.data.items.map((j: any) => j.id);
  const completed = (key: string, id: number) =>
    eventually(
      async () => {
        const job = (await world.app.request('GET', `/v1/jobs/${id}`, { key })).body.data;
        return present(job.status === 'Completed' && job, 'the job to complete');
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
  /** The ledger's balance once no hold is left (a chunk settles just after its record). */
  const balanceOf = (accountId: string) =>
    eventually(async () => {
      const ledger = await ledgerOf(world.app, accountId);
      return present(ledger.held === 0 && ledger, 'every hold to be settled').balance;
    });

  it('finding 3: refuses the same file with the same options, naming the earlier job, and charges nothing', async () => {
    const { apiKey, accountId } = await world.app.createAccount(100);
    const first = await uploadJob(world.app, apiKey, CSV, { dedupe: 'true' }, 'leads.csv');
    expect(first.status).toBe(201);
    await completed(apiKey, first.body.data.id);
    const balance = await balanceOf(accountId);

    const again = await uploadJob(world.app, apiKey, CSV, { dedupe: 'true' }, 'leads (1).csv');
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 3021,
      duplicateOf: { jobId: first.body.data.id, createdAt: first.body.data.createdAt },
    });
    expect(again.body.error.message).toContain('allowDuplicate=true');
    expect(await jobsOf(apiKey)).toEqual([first.body.data.id]);
    expect(await balanceOf(accountId)).toBe(balance);
  }, 40_000);

  it('finding 3: verifies and charges it again when allowDuplicate=true says so', async () => {
    const { apiKey, accountId } = await world.app.createAccount(100);
    const first = await uploadJob(world.app, apiKey, CSV);
    const firstJob = await completed(apiKey, first.body.data.id);
    const again = await uploadJob(world.app, apiKey, CSV, { allowDuplicate: 'true' });
    expect(again.status).toBe(201);
    const secondJob = await completed(apiKey, again.body.data.id);
    expect(secondJob.creditsCharged).toBe(firstJob.creditsCharged);
    expect(await balanceOf(accountId)).toBe(100 - 2 * firstJob.creditsCharged);
  }, 40_000);

  it('finding 3: is no duplicate with other options, for another account, or as a retry under the same key', async () => {
    const { apiKey } = await world.app.createAccount(100);
    const other = await world.app.createAccount(100);
    const first = await uploadJob(world.app, apiKey, CSV, { dedupe: 'false' });
    expect(first.status).toBe(201);
    expect((await uploadJob(world.app, apiKey, CSV, { dedupe: 'true' })).status).toBe(201);
    expect((await uploadJob(world.app, other.apiKey, CSV, { dedupe: 'false' })).status).toBe(201);

    const keyed = async () => {
      const form = new FormData();
      form.append('file', new Blob([`${CSV}carol@beta.test\n`]), 'keyed.csv');
      const response = await fetch(`${world.app.url}/v1/jobs`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'idempotency-key': 'upload-once' },
        body: form,
      });
      return {
        status: response.status,
        replayed: response.headers.get('idempotent-replayed'),
        body: await response.json(),
      };
    };
    const sent = await keyed();
    const retried = await keyed();
    expect(sent.status).toBe(201);
    expect(retried).toMatchObject({ status: 201, replayed: 'true', body: { data: { id: sent.body.data.id } } });
  }, 40_000);

  it('finding 3: refuses a malformed allowDuplicate with the error envelope', async () => {
    const { apiKey } = await world.app.createAccount(100);
    const answer = await uploadJob(world.app, apiKey, CSV, { allowDuplicate: 'maybe' });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe(1006);
  });
});
