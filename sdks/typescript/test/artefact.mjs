// Run by sdks/check.sh inside a fresh npm project where the packed tarball was installed: the ESM build.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Mailcheck } from 'mailcheck';
import { verifyWebhookSignature } from 'mailcheck/webhooks';

const svc = JSON.parse(readFileSync(process.argv[2], 'utf8'));
assert.match(import.meta.resolve('mailcheck'), /node_modules\/mailcheck\/dist\/esm\/index\.js$/);
assert.equal(typeof verifyWebhookSignature, 'function');
// A test key: valid@ is deliverable by docs/test-mode.md's table.
const client = new Mailcheck({ apiKey: svc.testApiKey, baseUrl: svc.url });
const job = await client.jobs.create(new Blob(['email\nvalid@acme.test\n']), { fileName: 'artefact.csv' });
assert.equal((await job.wait()).status, 'Completed');
assert.equal((await (await job.download({ columns: 'result' })).text()).trim(), 'email,result\nvalid@acme.test,ok');
console.log('esm artefact: ok');
