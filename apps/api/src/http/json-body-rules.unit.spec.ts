import { hasLoneSurrogate, MAX_JSON_DEPTH, nestsDeeperThan } from './json-body-rules';

const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('JSON nesting depth', () => {
  it('accepts a body exactly as deep as the limit', () => {
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
  });

  it('refuses a body one level deeper, and one 10,000 levels deep', () => {
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan('['.repeat(10_000) + ']'.repeat(10_000), MAX_JSON_DEPTH)).toBe(true);
  });

  it('counts siblings once, not cumulatively', () => {
    const body = JSON.stringify({ contacts: Array.from({ length: 100 }, () => ({ name: { first: 'a' } })) }); // 4 levels
    expect(nestsDeeperThan(body, 4)).toBe(false);
    expect(nestsDeeperThan(body, 3)).toBe(true);
  });

  it('ignores brackets and escaped quotes inside strings', () => {
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[{{{{"\\' }), 1)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\"[[[["}', 1)).toBe(false);
  });
});

describe('lone surrogates in a JSON body', () => {
  it.each([
    ['a lone high surrogate', { name: 'a\ud800b' }],
    ['a lone low surrogate', { name: '\udc00' }],
    ['a reversed pair', { name: '\ude00\ud83d' }],
    ['one inside an array', { emails: ['ok@acme.test', 'x\ud83d@acme.test'] }],
    ['one in a key', { ['k\udbff']: 1 }],
  ])('finds %s', (_what, body) => {
    expect(hasLoneSurrogate(JSON.parse(JSON.stringify(body)))).toBe(true);
  });

  it('accepts well-formed text: emoji pairs, accents, scripts, and non-string values', () => {
    expect(hasLoneSurrogate({ name: 'José 😀👍🏽 例え', n: 1, b: true, z: null, list: [{ deep: 'ok' }] })).toBe(false);
  });
});
