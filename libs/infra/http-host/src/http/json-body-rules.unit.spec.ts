import { JSON_BODY_BOUNDS, jsonTextProblem, MAX_JSON_DEPTH, parsedBodyProblem } from './json-body-rules';

const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const DEPTH = `The JSON body nests objects or arrays more than ${MAX_JSON_DEPTH} levels deep.`;

describe('JSON nesting depth', () => {
  it('accepts a body exactly as deep as the limit', () => {
    expect(jsonTextProblem(nested(MAX_JSON_DEPTH))).toBeNull();
  });

  it('refuses a body one level deeper, and one 10,000 levels deep', () => {
    expect(jsonTextProblem(nested(MAX_JSON_DEPTH + 1))).toBe(DEPTH);
    expect(jsonTextProblem('['.repeat(10_000) + ']'.repeat(10_000))).toBe(DEPTH);
  });

  it('counts siblings once, not cumulatively', () => {
    const body = JSON.stringify({
      contacts: Array.from({ length: 100 }, () => ({ name: { first: 'a', list: [[[[[]]]]] } })),
    }); // 8 levels
    expect(jsonTextProblem(body)).toBeNull();
  });

  it('ignores brackets, colons, commas and escaped quotes inside strings', () => {
    expect(jsonTextProblem(JSON.stringify({ text: '[[[[{{{{"\\'.repeat(100) }))).toBeNull();
    expect(jsonTextProblem(JSON.stringify({ list: ['a,b,c'.repeat(5_000)], text: 'k:v,'.repeat(5_000) }))).toBeNull();
    expect(jsonTextProblem('{"a":"\\"[[[["}')).toBeNull();
  });
});

describe('the work one JSON body may ask for, bounded before it is parsed', () => {
  const keys = (count: number, prefix = 'k') =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, i]));

  it('refuses 130,000 unknown keys next to a valid field, naming the bound', () => {
    expect(jsonTextProblem(JSON.stringify({ email: 'jane@acme.test', ...keys(130_000) }))).toBe(
      `JSON body refused: the body has more than ${JSON_BODY_BOUNDS.keysPerObject} keys.`,
    );
  });

  it('names the nested object or array that crosses a bound', () => {
    expect(jsonTextProblem(JSON.stringify({ contacts: [{ firstName: 'a' }, { extra: keys(1_001) }] }))).toBe(
      `JSON body refused: contacts[1].extra has more than ${JSON_BODY_BOUNDS.keysPerObject} keys.`,
    );
    expect(jsonTextProblem(JSON.stringify({ emails: new Array(JSON_BODY_BOUNDS.arrayItems + 1).fill(1) }))).toBe(
      `JSON body refused: emails has more than ${JSON_BODY_BOUNDS.arrayItems} items.`,
    );
  });

  it('refuses many keys spread over many small objects', () => {
    const contacts = Array.from({ length: 20 }, () => keys(900));
    expect(jsonTextProblem(JSON.stringify({ contacts }))).toBe(
      `JSON body refused: it has more than ${JSON_BODY_BOUNDS.keysInBody} keys in all.`,
    );
  });

  it('accepts the largest body a DTO needs and a body exactly at the bounds', () => {
    const contacts = Array.from({ length: 100 }, () => ({
      firstName: 'Jane',
      lastName: 'Doe',
      domain: 'acme.test',
      first_name: 'x',
      last_name: 'y',
    }));
    expect(jsonTextProblem(JSON.stringify({ contacts }))).toBeNull();
    expect(
      jsonTextProblem(
        JSON.stringify({
          ...keys(JSON_BODY_BOUNDS.keysPerObject - 1),
          list: new Array(JSON_BODY_BOUNDS.arrayItems).fill('x'),
        }),
      ),
    ).toBeNull();
    expect(jsonTextProblem('[]')).toBeNull();
    expect(jsonTextProblem('{"a":[ ]}')).toBeNull();
  });
});

describe('strings in a parsed JSON body', () => {
  it('refuses an over-long string, naming the field', () => {
    expect(parsedBodyProblem({ contacts: [{ domain: 'x'.repeat(JSON_BODY_BOUNDS.stringLength + 1) }] })).toBe(
      `JSON body refused: contacts[0].domain is longer than ${JSON_BODY_BOUNDS.stringLength} characters.`,
    );
    expect(parsedBodyProblem({ s: 'x'.repeat(JSON_BODY_BOUNDS.stringLength) })).toBeNull();
  });

  it.each([
    ['a lone high surrogate', { name: 'a\ud800b' }],
    ['a lone low surrogate', { name: '\udc00' }],
    ['a reversed pair', { name: '\ude00\ud83d' }],
    ['one inside an array', { emails: ['ok@acme.test', 'x\ud83d@acme.test'] }],
    ['one in a key', { ['k\udbff']: 1 }],
  ])('finds %s', (_what, body) => {
    expect(parsedBodyProblem(JSON.parse(JSON.stringify(body)))).toMatch(/lone UTF-16 surrogate/);
  });

  it('accepts well-formed text: emoji pairs, accents, scripts, and non-string values', () => {
    expect(parsedBodyProblem({ name: 'José 😀👍🏽 例え', n: 1, b: true, z: null, list: [{ deep: 'ok' }] })).toBeNull();
  });
});
