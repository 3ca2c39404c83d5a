// Which message an answer gets: the default rules, their order and severity, and the options that change them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadSource } from './load-source.mjs';

const { DEFAULT_RULES, fill, resolveRules, verdictFor } = await loadSource('rules');
const { resolveOptions } = await loadSource('options');

const answer = (fields) => ({
  email: 'jane@example.com',
  result: 'ok',
  subResult: 'ok',
  didYouMean: null,
  disposable: false,
  role: false,
  free: false,
  catchAll: false,
  quality: 'good',
  riskScore: 5,
  ...fields,
});

test('a deliverable address gets no message', () => {
  assert.deepEqual(verdictFor(answer({}), DEFAULT_RULES), { level: 'none', rule: null, message: '', suggestion: null });
});

test('a typo gets "did you mean" with the corrected address, even when the domain does not exist', () => {
  const typo = answer({ email: 'jane@gmial.com', result: 'invalid', didYouMean: 'jane@gmail.com' });
  assert.deepEqual(verdictFor(typo, DEFAULT_RULES), {
    level: 'error',
    rule: 'didYouMean',
    message: 'Did you mean gmail.com?',
    suggestion: 'jane@gmail.com',
  });
  assert.equal(verdictFor({ ...typo, result: 'ok' }, DEFAULT_RULES).level, 'warning');
});

test('an address that does not exist, and a disposable one, are errors with their messages', () => {
  assert.deepEqual(verdictFor(answer({ result: 'invalid', subResult: 'no_mailbox' }), DEFAULT_RULES), {
    level: 'error',
    rule: 'invalid',
    message: 'This address does not exist.',
    suggestion: null,
  });
  // A disposable domain without mail answers invalid with the disposable flag: the disposable message explains more.
  const throwaway = answer({ result: 'invalid', disposable: true });
  assert.equal(verdictFor(throwaway, DEFAULT_RULES).message, 'Disposable addresses are not accepted.');
  assert.equal(verdictFor(answer({ result: 'disposable', disposable: true }), DEFAULT_RULES).rule, 'disposable');
});

test('catch-all, unknown, role and free addresses pass by default', () => {
  for (const fields of [{ result: 'catch_all', catchAll: true }, { result: 'unknown' }, { role: true }, { free: true }])
    assert.equal(verdictFor(answer(fields), DEFAULT_RULES).level, 'none', JSON.stringify(fields));
});

test('each rule takes a level, or a level and a message with {email}, {suggestion} and {domain}', () => {
  const rules = resolveRules({
    disposable: 'warning',
    invalid: 'ignore',
    free: { level: 'warning', message: '{email} is a personal address: a work one, please.' },
    didYouMean: { message: 'Typo? {suggestion} ({domain})' },
  });
  assert.equal(verdictFor(answer({ result: 'disposable', disposable: true }), rules).level, 'warning');
  assert.equal(verdictFor(answer({ result: 'invalid' }), rules).level, 'none');
  assert.equal(
    verdictFor(answer({ free: true }), rules).message,
    'jane@example.com is a personal address: a work one, please.',
  );
  const typo = verdictFor(answer({ email: 'jo@yaho.com', didYouMean: 'jo@yahoo.com' }), rules);
  assert.deepEqual([typo.level, typo.message], ['warning', 'Typo? jo@yahoo.com (yahoo.com)']);
  assert.equal(DEFAULT_RULES.invalid.level, 'error', 'the defaults are not changed by options');
});

test('an ignored suggestion leaves the message to the next rule and offers no fix', () => {
  const verdict = verdictFor(
    answer({ email: 'jane@gmial.com', result: 'invalid', didYouMean: 'jane@gmail.com' }),
    resolveRules({ didYouMean: 'ignore' }),
  );
  assert.deepEqual(verdict, {
    level: 'error',
    rule: 'invalid',
    message: 'This address does not exist.',
    suggestion: null,
  });
});

test('an unknown rule or level is refused when attaching, not silently ignored', () => {
  assert.throws(() => resolveRules({ disposible: 'error' }), /unknown rule "disposible"/);
  assert.throws(() => resolveRules({ invalid: 'block' }), /level "block"/);
});

test('options: key and baseUrl are required; the rest have defaults', () => {
  assert.throws(() => resolveOptions({ baseUrl: 'https://v.example' }), /options.key/);
  assert.throws(() => resolveOptions({ key: 'mck_pub_x', baseUrl: 'v.example' }), /options.baseUrl/);
  assert.throws(() => resolveOptions({ key: 'k', baseUrl: 'https://v.example', debounceMs: -1 }), /debounceMs/);
  const settings = resolveOptions({ key: 'k', baseUrl: 'https://v.example' });
  assert.deepEqual(
    [settings.tokenField, settings.debounceMs, settings.timeoutMs, settings.fixLabel],
    ['mailcheckToken', 600, 3000, 'Use {suggestion}'],
  );
});

test('fill leaves unknown placeholders and works without a suggestion', () => {
  assert.equal(fill('{email} {domain}{other}', 'a@b.co', null), 'a@b.co {other}');
});
