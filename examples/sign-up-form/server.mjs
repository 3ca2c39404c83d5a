// The back end of the sign-up form example: serves the page, the widget's script tag bundle and the script
// that attaches it, and takes the form's POST, confirming the widget's verification token with the mailcheck
// SDK before trusting what the browser reported. Needs both packages built (npm run build in sdks/typescript
// and sdks/widget). In your own project: `import { Mailcheck } from 'mailcheck'`.
//
//   MAILCHECK_BASE_URL=http://localhost:3000 MAILCHECK_PUBLISHABLE_KEY=mck_pub_… MAILCHECK_API_KEY=mk_… \
//   PORT=8080 node examples/sign-up-form/server.mjs
//
// The publishable key must list this page's origin (http://localhost:8080 here); the secret key, of the same
// account, is used only here, never sent to the browser. Prints "listening on <url>" once it listens.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { InvalidRequestError, Mailcheck } from '../../sdks/typescript/dist/esm/index.js';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const env = (name) => process.env[name] || fail(`set ${name}`);
const fail = (message) => {
  console.error(message);
  process.exit(1);
};
const config = {
  baseUrl: env('MAILCHECK_BASE_URL'),
  publishableKey: env('MAILCHECK_PUBLISHABLE_KEY'),
  port: Number(process.env.PORT ?? 8080),
  host: process.env.HOST ?? '127.0.0.1',
};
const mailcheck = new Mailcheck({ apiKey: env('MAILCHECK_API_KEY'), baseUrl: config.baseUrl });
// Addresses the form refuses even with a valid token: the token says what the service found.
const REFUSED_RESULTS = new Set(['invalid', 'disposable']);
// The service's refusals of a token: forged or malformed, expired, another account's, another address's.
const TOKEN_REFUSALS = new Set([1121, 1122, 1123, 1124]);

const escape = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const page = readFileSync(here('index.html'), 'utf8')
  .replace('{{baseUrl}}', escape(config.baseUrl))
  .replace('{{publishableKey}}', escape(config.publishableKey));
const files = {
  '/': ['text/html', page],
  '/sign-up.js': ['text/javascript', readFileSync(here('sign-up.js'))],
  '/style.css': ['text/css', readFileSync(here('style.css'))],
  '/mailcheck-widget.js': ['text/javascript', readFileSync(here('../../sdks/widget/dist/mailcheck-widget.js'))],
  '/mailcheck-widget.mjs': ['text/javascript', readFileSync(here('../../sdks/widget/dist/mailcheck-widget.mjs'))],
};

/** What the back end makes of a posted form: the answer's status, heading and text. */
async function signUp({ name, email, token }) {
  if (!email) return [400, 'Something is missing', 'Please give your email address.'];
  const check = token ? await confirmToken(token, email) : null;
  // No token (the service was slow, down or refused this page) or no way to check it: the form still works,
  // and the address is confirmed later, by the link mailed to it.
  if (check === null) return [200, `Welcome, ${name}`, `We will send a confirmation link to ${email}.`];
  if (!check.valid) return [400, 'We could not confirm this address', check.reason];
  if (REFUSED_RESULTS.has(check.result))
    return [422, 'Please use another address', `${email} cannot receive mail (${check.result}).`];
  return [200, `Welcome, ${name}`, `${email} is confirmed (${check.result}).`];
}

/**
 * The token checked online with the secret key (free; `verifyVerificationToken` from the SDK checks it offline
 * with the service's public keys). Null when the service cannot be asked: the address is then unverified.
 */
async function confirmToken(token, email) {
  try {
    const checked = await mailcheck.tokens.check(token, email);
    return { valid: true, result: checked.result };
  } catch (error) {
    if (error instanceof InvalidRequestError && TOKEN_REFUSALS.has(error.code))
      return { valid: false, reason: `${error.message} (code ${error.code})` };
    console.error(`the token could not be checked: ${error}`);
    return null;
  }
}

async function readForm(request) {
  let body = '';
  for await (const chunk of request) {
    body += chunk;
    if (body.length > 16_384) throw new Error('form too large');
  }
  const form = new URLSearchParams(body);
  return { name: form.get('name') ?? '', email: form.get('email') ?? '', token: form.get('mailcheckToken') ?? '' };
}

const answer = (response, status, heading, text) => {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(heading)}</title>` +
      `<link rel="stylesheet" href="/style.css"></head><body><main><h1>${escape(heading)}</h1>` +
      `<p>${escape(text)}</p><p><a href="/">Back to the form</a></p></main></body></html>`,
  );
};

const server = createServer(async (request, response) => {
  try {
    const path = new URL(request.url, 'http://x').pathname;
    if (request.method === 'POST' && path === '/sign-up') {
      const [status, heading, text] = await signUp(await readForm(request));
      return answer(response, status, heading, text);
    }
    const file = request.method === 'GET' && files[path];
    if (!file) return answer(response, 404, 'Not found', path);
    response.writeHead(200, { 'content-type': `${file[0]}; charset=utf-8` });
    response.end(file[1]);
  } catch (error) {
    answer(response, 500, 'Something went wrong', String(error));
  }
});
server.listen(config.port, config.host, () => {
  const { address, port } = server.address();
  console.log(`listening on http://${address}:${port}`);
});
