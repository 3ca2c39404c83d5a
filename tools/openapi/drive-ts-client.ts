/**
 * Drives the TypeScript client generated from /docs-json (openapi-typescript types + openapi-fetch)
 * against the running service: verify single and batch, a bulk job through to its download, a
 * finder call and a webhook create. It is type-checked against the generated `paths` first (tsc),
 * so a wrong type in the document fails here too. Exit 1 on any unexpected answer.
 */
import createClient from 'openapi-fetch';
import type { paths } from './generated/api';

const [baseUrl, apiKey] = process.argv.slice(2);
const client = createClient<paths>({ baseUrl, headers: { 'X-API-KEY': apiKey } });

function expect(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(`typescript client: ${what}`);
}

async function main(): Promise<void> {
  const single = await client.POST('/v1/verify/single', { body: { email: 'someone@example.com' } });
  expect(
    single.response.status === 200 && single.data,
    `verify single answered ${single.response.status}: ${JSON.stringify(single.error)}`,
  );
  const result: string = single.data.data.result;
  expect(
    ['ok', 'invalid', 'catch_all', 'unknown', 'disposable', 'error'].includes(result),
    `verify single result ${result}`,
  );

  const batch = await client.POST('/v1/verify/batch', { body: { emails: ['a@example.com', 'b@example.org'] } });
  expect(batch.data, `verify batch answered ${batch.response.status}: ${JSON.stringify(batch.error)}`);
  const total: number = batch.data.data.summary.total;
  expect(total === 2, `verify batch total ${total}`);

  const form = new FormData();
  form.append(
    'file',
    new Blob(['email,name\njane@example.com,Jane\njohn@example.org,John\n'], { type: 'text/csv' }),
    'list.csv',
  );
  form.append('dedupe', 'true');
  // The generated type describes the multipart fields; the body itself is a FormData.
  const created = await client.POST('/v1/jobs', {
    body: form as never,
    bodySerializer: (body) => body as unknown as FormData,
  });
  expect(
    created.response.status === 201 && created.data,
    `job create answered ${created.response.status}: ${JSON.stringify(created.error)}`,
  );
  const id: number = created.data.data.id;
  let status = created.data.data.status;
  for (
    const deadline = Date.now() + 120_000;
    !['Completed', 'Failed', 'Cancelled'].includes(status) && Date.now() < deadline;
  ) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const job = await client.GET('/v1/jobs/{id}', { params: { path: { id } } });
    expect(job.data, `job get answered ${job.response.status}: ${JSON.stringify(job.error)}`);
    status = job.data.data.status;
  }
  expect(status === 'Completed', `job ended ${status}`);
  const download = await client.GET('/v1/jobs/{id}/download', { params: { path: { id } }, parseAs: 'text' });
  expect(
    download.response.status === 200 && typeof download.data === 'string',
    `download answered ${download.response.status}`,
  );
  const lines = download.data.trim().split('\n');
  expect(
    lines.length === 3 && lines[0].startsWith('email,name,result'),
    `download ${JSON.stringify(download.data.slice(0, 200))}`,
  );

  const found = await client.POST('/v1/finder', {
    body: { firstName: 'Ada', lastName: 'Lovelace', domain: 'example.org' },
  });
  expect(found.data, `finder answered ${found.response.status}: ${JSON.stringify(found.error)}`);
  const finderStatus: string = found.data.data.status;
  expect(['Found', 'Not Found'].includes(finderStatus), `finder status ${finderStatus}`);
  // A contact needs a domain and at least one name: the generated type must take a last name alone.
  const byLastName = await client.POST('/v1/finder', { body: { lastName: 'Hopper', domain: 'example.org' } });
  expect(
    byLastName.data?.data.reason === 'reserved_domain',
    `finder by last name answered ${byLastName.response.status}: ${JSON.stringify(byLastName.error)}`,
  );

  const hook = await client.POST('/v1/webhooks', { body: { url: 'https://127.0.0.1:9/mailcheck', events: [1, 2] } });
  expect(
    hook.response.status === 201 && hook.data,
    `webhook create answered ${hook.response.status}: ${JSON.stringify(hook.error)}`,
  );
  const secret: string = hook.data.data.secret;
  expect(secret.length > 0, 'webhook secret missing');

  const refused = await client.POST('/v1/verify/single', { body: { email: '' } });
  expect(
    refused.response.status === 400 && refused.error?.error.code === 1006,
    `an empty email answered ${refused.response.status}: ${JSON.stringify(refused.error)}`,
  );

  console.log(
    `typescript client: verify, batch, job ${id} downloaded, finder ${finderStatus}, webhook ${hook.data.data.id}: ok`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
