// What the multi-process suites read from the cluster once it settles: the processes answer asynchronously, through Kafka and projections.
import { eventually, present } from '@lib/common/testing';
import { readCsvRecords } from '@lib/jobs/testing';
import type { AppCluster } from './app-cluster';

/** The balance once it shows `expected`, or what it shows after 20 s (which the caller's assertion then reports). */
export async function balanceOnceSettled(
  cluster: AppCluster,
  key: string,
  expected: number,
): Promise<Record<string, number>> {
  let last: Record<string, number> = {};
  await eventually(
    async () => {
      last = (await cluster.request('GET', '/v1/credits/balance', { key })).body.data;
      return present(last?.balance === expected ? true : undefined, `balance ${expected}`);
    },
    { timeoutMs: 20_000, intervalMs: 200 },
  ).catch(() => undefined);
  return last;
}

/** GET /v1/jobs/:id once the job is Completed, Failed or Cancelled. */
export function jobWhenFinished(cluster: AppCluster, key: string, jobId: number, timeoutMs: number): Promise<any> {
  return eventually(
    async () => {
      const job = (await cluster.request('GET', `/v1/jobs/${jobId}`, { key })).body.data;
      return present(
        ['Completed', 'Failed', 'Cancelled'].includes(job?.status) ? job : undefined,
        `job ${jobId} to finish`,
      );
    },
    { timeoutMs: timeoutMs, intervalMs: 200 },
  );
}

/** The download's rows, header first, parsed by the service's own CSV reader. */
export async function downloadRows(
  cluster: AppCluster,
  key: string,
  jobId: number,
): Promise<{ partial: string | null; rows: string[][] }> {
  const response = await fetch(`${cluster.api.url}/v1/jobs/${jobId}/download?columns=result`, {
    headers: { 'x-api-key': key },
  });
  if (response.status !== 200) throw new Error(`download answered ${response.status}: ${await response.text()}`);
  const rows: string[][] = [];
  for await (const record of readCsvRecords([Buffer.from(await response.text())])) rows.push(record.fields);
  return { partial: response.headers.get('x-partial-result'), rows };
}
