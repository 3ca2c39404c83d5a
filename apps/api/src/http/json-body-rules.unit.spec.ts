import { bodyProblem, JSON_BODY_BOUNDS, MAX_JSON_DEPTH, nestsDeeperThan } from './json-body-rules';

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
    expect(bodyProblem(JSON.parse(JSON.stringify(body)))).toMatch(/lone UTF-16 surrogate/);
  });

  it('accepts well-formed text: emoji pairs, accents, scripts, and non-string values', () => {
    expect(bodyProblem({ name: 'José 😀👍🏽 例え', n: 1, b: true, z: null, list: [{ deep: 'ok' }] })).toBeNull();
  });
});

describe('the work one JSON body may ask for', () => {
  const keys = (count: number, prefix = 'k') => Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, i]));

  it('refuses 130,000 unknown keys next to a valid field, naming the bound', () => {
    expect(bodyProblem({ email: 'jane@acme.test', ...keys(130_000) })).toBe(`the body has more than ${JSON_BODY_BOUNDS.keysPerObject} keys.`);
  });

  it('refuses many keys spread over many small objects', () => {
    const contacts = Array.from({ length: 20 }, () => keys(900));
    expect(bodyProblem({ contacts })).toBe(`The JSON body has more than ${JSON_BODY_BOUNDS.keysInBody} keys in all.`);
  });

  it('refuses an over-long array and an over-long string, naming the field', () => {
    expect(bodyProblem({ emails: new Array(JSON_BODY_BOUNDS.arrayItems + 1).fill('a') })).toBe(`emails has more than ${JSON_BODY_BOUNDS.arrayItems} items.`);
    expect(bodyProblem({ contacts: [{ domain: 'x'.repeat(JSON_BODY_BOUNDS.stringLength + 1) }] })).toBe(`contacts[0].domain is longer than ${JSON_BODY_BOUNDS.stringLength} characters.`);
  });

  it('accepts the largest body a DTO needs: 100 contacts, and a body exactly at the bounds', () => {
    const contacts = Array.from({ length: 100 }, () => ({ firstName: 'Jane', lastName: 'Doe', domain: 'acme.test', first_name: 'x', last_name: 'y' }));
    expect(bodyProblem({ contacts })).toBeNull();
    expect(bodyProblem({ ...keys(JSON_BODY_BOUNDS.keysPerObject - 1), s: 'x'.repeat(JSON_BODY_BOUNDS.stringLength) })).toBeNull();
  });
});
