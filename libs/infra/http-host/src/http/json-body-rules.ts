/**
 * Deepest object/array nesting a JSON body may have; the deepest DTO needs 3. Nest's ValidationPipe
 * walks a body recursively, so a body nested thousands deep overflows the stack (a 500) unless it is
 * refused before parsing.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * What one JSON body may hold, far above what any DTO needs (the largest, a 100-contact finder batch,
 * has about 500 keys). Keys and items are counted in the text before it is parsed: V8's JSON.parse alone
 * spends about 200 ms on 130,000 keys in one object, and class-transformer de-duplicates an object's keys
 * with `indexOf` (quadratic: 130,000 unknown keys cost 10 s of CPU). A hostile body stops the scan at
 * the first bound it crosses, a few kilobytes in.
 */
export const JSON_BODY_BOUNDS = {
  keysPerObject: 1_000,
  keysInBody: 10_000,
  arrayItems: 10_000,
  stringLength: 65_536,
} as const;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSERS = new Set([0x7d, 0x5d]); // } ]
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

interface Frame {
  array: boolean;
  /** Keys of an object, or items of an array seen so far. */
  count: number;
  path: string;
  /** Raw text of the last key read in an object. */
  key: string;
}

const where = (path: string): string => path || 'the body';

function childPath(parent: Frame | undefined): string {
  if (!parent) return '';
  if (parent.array) return `${where(parent.path)}[${parent.count - 1}]`;
  return parent.path ? `${parent.path}.${parent.key}` : parent.key;
}

/**
 * Why JSON text breaks the nesting or size bounds, or null: one pass over the text, counting keys at
 * each colon and items at each comma, brackets inside strings ignored. Malformed text is left to the parser.
 */
export function jsonTextProblem(text: string): string | null {
  const stack: Frame[] = [];
  let keys = 0;
  let stringStart = -1;
  let lastString = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (stringStart >= 0) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) {
        lastString = text.slice(stringStart, i);
        stringStart = -1;
      }
      continue;
    }
    const top = stack[stack.length - 1];
    if (top?.array && top.count === 0 && !WHITESPACE.has(c) && !CLOSERS.has(c)) top.count = 1; // the first item starts
    if (c === QUOTE) {
      stringStart = i + 1;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (stack.length >= MAX_JSON_DEPTH)
        return `The JSON body nests objects or arrays more than ${MAX_JSON_DEPTH} levels deep.`;
      stack.push({ array: c === OPEN_ARRAY, count: 0, path: childPath(top), key: '' });
    } else if (CLOSERS.has(c)) {
      stack.pop();
    } else if (c === COLON && top && !top.array) {
      top.key = lastString.length > 64 ? `${lastString.slice(0, 64)}…` : lastString;
      if (++top.count > JSON_BODY_BOUNDS.keysPerObject)
        return `JSON body refused: ${where(top.path)} has more than ${JSON_BODY_BOUNDS.keysPerObject} keys.`;
      if (++keys > JSON_BODY_BOUNDS.keysInBody)
        return `JSON body refused: it has more than ${JSON_BODY_BOUNDS.keysInBody} keys in all.`;
    } else if (c === COMMA && top?.array) {
      if (++top.count > JSON_BODY_BOUNDS.arrayItems)
        return `JSON body refused: ${where(top.path)} has more than ${JSON_BODY_BOUNDS.arrayItems} items.`;
    }
  }
  return null;
}

const LONE_SURROGATE = /\p{Cs}/u; // with the u flag a well-formed pair is one code point and never matches

/**
 * Why a parsed body (already within the text bounds) has an over-long string or a lone UTF-16 surrogate
 * (a `\ud800` escape without its pair; such text cannot be stored as UTF-8, written to an SMTP session or
 * a CSV), or null.
 */
export function parsedBodyProblem(body: unknown): string | null {
  const visit = (value: unknown, at: string): string | null => {
    if (typeof value === 'string') {
      if (value.length > JSON_BODY_BOUNDS.stringLength)
        return `JSON body refused: ${where(at)} is longer than ${JSON_BODY_BOUNDS.stringLength} characters.`;
      return LONE_SURROGATE.test(value) ? loneSurrogateAt(at) : null;
    }
    if (value === null || typeof value !== 'object') return null;
    const entries: Array<[string, unknown]> = Array.isArray(value)
      ? value.map((item, i) => [`${where(at)}[${i}]`, item])
      : Object.entries(value).map(([key, item]) => [at ? `${at}.${key}` : key, item]);
    for (const [path, item] of entries) {
      if (!Array.isArray(value) && LONE_SURROGATE.test(path)) return loneSurrogateAt(`a key of ${where(at)}`);
      const problem = visit(item, path);
      if (problem) return problem;
    }
    return null;
  };
  return visit(body, '');
}

const loneSurrogateAt = (at: string): string =>
  `JSON body refused: ${where(at)} has a lone UTF-16 surrogate (a \\uD800-\\uDFFF escape without its pair); send well-formed Unicode text.`;
