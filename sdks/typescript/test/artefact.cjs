// Run by sdks/check.sh inside a fresh npm project where the packed tarball was installed: the
// CommonJS build, the webhooks entry and the generated declarations resolve from node_modules.
const assert = require('node:assert/strict');
const { createHmac } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { Mailcheck, MailcheckError } = require('mailcheck');
const { verifyWebhookSignature } = require('mailcheck/webhooks');

const svc = JSON.parse(readFileSync(process.argv[2], 'utf8'));
assert.ok(require.resolve('mailcheck').includes('node_modules/mailcheck/dist/cjs/'));
assert.ok(readFileSync(require.resolve('mailcheck').replace(/index\.js$/, 'index.d.ts'), 'utf8').includes('Mailcheck'));
(async () => {
  const client = new Mailcheck({ apiKey: svc.testApiKey, baseUrl: svc.url }); // valid@: ok in test mode
  assert.equal((await client.verify('valid@acme.test')).result, 'ok');
  await assert.rejects(client.verify(''), (e) => e instanceof MailcheckError && e.code === 1006);
  const body = '{"id":"x"}';
  const ts = String(Math.floor(Date.now() / 1000));
  const mac = (text) => createHmac('sha256', 'whsec_t').update(text).digest('hex');
  const headers = {
    'x-svc-signature': mac(body),
    'x-svc-timestamp': ts,
    'x-svc-timestamp-signature': mac(`${ts}.${body}`),
  };
  assert.deepEqual(verifyWebhookSignature(body, headers, 'whsec_t'), { id: 'x' });
  console.log('cjs artefact: ok');
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
