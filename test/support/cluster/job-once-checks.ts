// What every fault suite of the cluster topology asks of a bulk job that survived a fault: it was accepted,
// it completes, every row is in the download once, and the ledger charges each decisive result once.
import { runAdminWith } from '../app-process';
import type { AppCluster } from './app-cluster';
import { balanceOnceSettled, downloadRows, jobWhenFinished } from './cluster-helpers';

export interface JobUnderFault {
  accountId: string;
  key: string;
  jobId: number;
}

/** Opens an account with `credits` through the admin API and uploads `csv` as a bulk job under its key. */
export async function openAccountWithJob(
  cluster: AppCluster,
  name: string,
  credits: number,
  csv: string,
  fileName: string,
): Promise<JobUnderFault> {
  const { accountId, apiKey: key } = (
    await cluster.request('POST', '/admin/v1/accounts', { admin: true, body: { name, credits } })
  ).body.data;
  const created = await cluster.uploadJob(key, csv, fileName);
  expect(created.status).toBe(201);
  return { accountId, key, jobId: created.body.data.id };
}

/**
 * Waits for the job to finish, then checks it completed with every row once in the download (header
 * `email,result`) and that the balance and the admin CLI's ledger-replay show each decisive result charged
 * once. Returns the finished job for the caller's own checks.
 */
export async function expectCompletedOnceChargedOnce(
  cluster: AppCluster,
  job: JobUnderFault,
  expected: { rows: Array<[string, string]>; decisive: number; credits: number; timeoutMs: number },
): Promise<any> {
  const finished = await jobWhenFinished(cluster, job.key, job.jobId, expected.timeoutMs);
  expect(finished).toMatchObject({
    status: 'Completed',
    progress: { processedRows: expected.rows.length, totalRows: expected.rows.length },
    creditsCharged: expected.decisive,
  });
  const {
    partial,
    rows: [header, ...rows],
  } = await downloadRows(cluster, job.key, job.jobId);
  expect(partial).toBe('false');
  expect(header).toEqual(['email', 'result']);
  expect(rows).toEqual(expected.rows);
  const balance = expected.credits - expected.decisive;
  expect(await balanceOnceSettled(cluster, job.key, balance)).toMatchObject({ balance, held: 0 });
  // The audit command replays the ledger by amounts alone and compares it with the read models.
  const audit = await runAdminWith(cluster.env, 'ledger-replay', '--account', job.accountId);
  expect({ code: audit.code, ok: audit.json?.ok, balance: audit.json?.balance }).toEqual({
    code: 0,
    ok: true,
    balance,
  });
  return finished;
}
