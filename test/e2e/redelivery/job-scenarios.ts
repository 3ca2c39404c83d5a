import { HarnessScenario, ledgerState, projected, settled, upload } from '../../support/harness/redelivery-harness';
import { HttpsReceiver } from '../../support/peers/https-receiver';
import type { TestApp } from '../../support/test-app';
import { startFinderPeers } from '../finder/finder-world';
import { startJobsPeers } from '../jobs/jobs-world';

// The list-job scenarios of the bus-consumer redelivery harness (bus-consumers-redelivery.e2e.spec.ts).

/** Job ids differ between runs (they are time-based): the states compare with the id replaced. */
export const withoutJobId = (state: unknown, id: number): unknown =>
  JSON.parse(JSON.stringify(state).replaceAll(String(id), '<job>'));

/** Runs an uploaded job to its end and reads everything the customer and the books can see. */
export async function jobScenarioState(app: TestApp, route: string, csv: string) {
  const { accountId, apiKey } = await app.createAccount(500);
  const id = await upload(app, apiKey, route, csv);
  const view = async () => (await app.request('GET', `${route}/${id}`, { key: apiKey })).body.data;
  await settled(app, accountId, async () => ['Completed', 'Failed', 'Cancelled'].includes((await view()).status));
  const job = await view();
  const ledger = await ledgerState(app, accountId);
  const listed = async () =>
    ((await app.request('GET', '/v1/credits/transactions?pageSize=100', { key: apiKey })).body.data.items as any[])
      .map((t) => `${t.type} ${t.reference ?? ''} ${t.amount}`)
      .sort();
  const transactions = await projected(listed, await expectedTransactions(ledger));
  const download = (await app.request('GET', `${route}/${id}/download`, { key: apiKey })).text;
  const state = {
    status: job.status,
    counts: job.counts,
    results: job.results,
    progress: job.progress,
    creditsCharged: job.creditsCharged,
    ledger,
    transactions,
    download,
  };
  return withoutJobId(state, id);
}

export const expectedTransactions = async (ledger: { charges: string[] }) =>
  [
    'Added  500',
    ...ledger.charges.map((c) => {
      const [reference, amount] = c.split('=');
      return `Used ${reference} ${-Number(amount)}`;
    }),
  ].sort();

export const BULK_CSV =
  'email\nalice@alpha.test\nbob@alpha.test\nanyone@beta.test\nnobody@gamma.test\nslow@grey.test\nalice@alpha.test\nnot-an-address\n';
export const bulkJob: HarnessScenario = {
  startPeers: () => startJobsPeers(),
  run: (app) => jobScenarioState(app, '/v1/jobs', BULK_CSV),
};

/**
 * A bulk job whose account has a webhook for job.completed (HTTPS receiver on loopback): the final state
 * adds the delivery history and the distinct events the receiver got (a retried POST of the same event
 * is at-least-once delivery, not a second delivery).
 */
let receiver: HttpsReceiver | undefined;
export const webhookedJob: HarnessScenario = {
  startPeers: async () => {
    const peers = await startJobsPeers();
    receiver = await HttpsReceiver.start();
    return {
      env: {
        ...peers.env,
        WEBHOOK_CA_FILE: receiver.caFile,
        WEBHOOK_TIMEOUT_MS: '5000',
        WEBHOOK_RETRY_DELAYS_MS: '200,400',
      },
      close: () => Promise.all([peers.close(), receiver!.close()]).then(() => undefined),
    };
  },
  run: async (app) => {
    const { accountId, apiKey } = await app.createAccount(500);
    const hook = (
      await app.request('POST', '/v1/webhooks', {
        key: apiKey,
        body: { url: receiver!.url('/jobs'), events: ['job.completed'], isActive: true },
      })
    ).body.data;
    const id = await upload(app, apiKey, '/v1/jobs', BULK_CSV);
    const view = async () => (await app.request('GET', `/v1/jobs/${id}`, { key: apiKey })).body.data;
    await settled(app, accountId, async () => (await view()).status === 'Completed');
    const history = async () =>
      (await app.request('GET', `/v1/webhooks/${hook.id}/deliveries`, { key: apiKey })).body.data.items.map(
        (d: any) => d.status,
      );
    const deliveries = await projected(history, ['succeeded'], 20_000);
    const events = new Set(
      receiver!
        .received('/jobs')
        .map((r) => JSON.parse(r.body))
        .map((p) => `${p.type} ${p.data.jobId}`),
    );
    return withoutJobId(
      {
        creditsCharged: (await view()).creditsCharged,
        ledger: await ledgerState(app, accountId),
        deliveries,
        received: [...events],
      },
      id,
    );
  },
};

export const FINDER_CSV =
  'First Name,Last Name,Domain\nJane,Doe,firstlast.test\nNobody,Here,flast.test\nJane,Doe,first.test\n,Doe,first.test\njane,DOE,firstlast.test\n';
export const finderJob: HarnessScenario = {
  startPeers: () => startFinderPeers(),
  run: (app) => jobScenarioState(app, '/v1/finder/jobs', FINDER_CSV),
};
