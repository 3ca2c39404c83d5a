import { eventually, present } from '@lib/common/testing';
import { ADMIN_TOKEN, type TestApp } from './test-app';

/** Uploads a CSV as a bulk job (the same list again too) and waits until the job completed; its view. */
export async function completedJob(app: TestApp, key: string, csv: string, timeoutMs = 20_000): Promise<any> {
  const form = new FormData();
  form.append('allowDuplicate', 'true');
  form.append('file', new Blob([csv]), 'list.csv');
  const response = await fetch(`${app.url}/v1/jobs`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
  const created = (await response.json()) as any;
  if (response.status !== 201) throw new Error(`upload refused: ${response.status} ${JSON.stringify(created)}`);
  return eventually(
    async () => {
      const job = (await app.request('GET', `/v1/jobs/${created.data.id}`, { key })).body.data;
      return present(job.status === 'Completed' && job, 'the job to complete');
    },
    { timeoutMs, intervalMs: 100 },
  );
}

/**
 * Waits until an erasure's receipt says `done` (keys destroyed, stores cleaned, every key cache past it); the
 * receipt. Read as the account's key, or, without one, as the operator (a closed account's receipt).
 */
export async function erasureDone(
  app: TestApp,
  erasure: { key: string; erasureId: string } | { accountId: string; erasureId: string },
  timeoutMs = 30_000,
): Promise<any> {
  const read = () =>
    'key' in erasure
      ? app.request('GET', `/v1/erasures/${erasure.erasureId}`, { key: erasure.key })
      : app.request('GET', `/admin/v1/accounts/${erasure.accountId}/erasures/${erasure.erasureId}`, {
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        });
  return eventually(
    async () => {
      const receipt = (await read()).body.data;
      return present(receipt?.status === 'done' && receipt, `erasure ${erasure.erasureId} to be done`);
    },
    { timeoutMs, intervalMs: 200 },
  );
}
