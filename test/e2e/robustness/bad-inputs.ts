/**
 * The battery of bad inputs sent to every operation of the HTTP surface. Each entry is a name (used
 * in failure reports) and a value; `http-surface.e2e.spec.ts` multiplies them by the operations
 * read from the OpenAPI document.
 */
export interface Named<T> {
  name: string;
  value: T;
}

const named = <T>(entries: Record<string, T>): Array<Named<T>> =>
  Object.entries(entries).map(([name, value]) => ({ name, value }));

const nested = (depth: number, leaf: string): string => '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);

/** Raw JSON texts sent as the whole body of an operation that takes JSON. */
export const BAD_JSON_BODIES = named<string>({
  'truncated object': '{"a": ',
  'single-quoted keys': "{'a': 1}",
  'trailing comma': '{"a": 1,}',
  'bare word': 'undefined',
  'NaN literal': '{"a": NaN}',
  'two documents': '{} {}',
  'byte-order mark': '\ufeff{}',
  'prototype pollution': '{"__proto__": {"admin": true}}',
  'constructor pollution': '{"constructor": {"prototype": {"admin": true}}}',
  'top-level array': '[]',
  'top-level array of objects': '[{}]',
  'top-level string': '"text"',
  'top-level number': '42',
  'top-level true': 'true',
  'top-level null': 'null',
  'empty body': '',
  'whitespace body': '   ',
  'objects nested 10k deep': nested(10_000, '1'),
  'arrays nested 10k deep': '['.repeat(10_000) + ']'.repeat(10_000),
});

/** Values put in place of one documented body field (JSON) at a time. */
export const BAD_FIELD_VALUES = named<unknown>({
  number: 42,
  'negative number': -1,
  fraction: 1.5,
  'huge number': 1e308,
  'beyond int64': 2 ** 63,
  true: true,
  false: false,
  'empty object': {},
  object: { value: 'x' },
  'empty array': [],
  'array of junk': [null, 1, {}, []],
  'array of 10k strings': Array.from({ length: 10_000 }, (_, i) => `x${i}`),
  null: null,
  'empty string': '',
  'blank string': '   ',
  '10k-char string': 'x'.repeat(10_000),
  'NUL character': 'a\u0000b',
  'control characters': '\u0001\u0007\u001b[31m\r\n\t',
  'lone high surrogate': 'a\ud800b',
  'lone low surrogate': '\udc00',
  emoji: '😀👍🏽',
  'right-to-left override': '\u202eabc',
  'numeric string': '12',
  'object nested 2k deep': JSON.parse(nested(2_000, '"x"')),
});

/**
 * Whole objects with keys the DTOs do not declare, merged into an otherwise empty body. Keys that
 * shadow Object.prototype members are the interesting ones for class-transformer and class-validator.
 */
export const EXTRA_FIELD_BODIES = named<Record<string, unknown>>({
  'an unknown field': { unexpected: 'x' },
  'a constructor field': { constructor: 1 },
  'a toString field': { toString: 'x' },
  'a hasOwnProperty field': { hasOwnProperty: 1 },
  'a valueOf object': { valueOf: {} },
  'a __defineGetter__ field': { __defineGetter__: 1 },
  'an empty key': { '': 1 },
  '500 unknown fields': Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`f${i}`, i])),
  // The CPU attack of issue 12 (class-transformer's key handling is quadratic), 20 times the 1,000-key bound;
  // the full 130,000-key body is in hostile-bodies.e2e.spec.ts.
  '20,000 unknown fields': Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [i.toString(36), 0])),
});

/** Values of one query parameter at a time; raw text placed in the query string (already URL-encoded). */
export const BAD_QUERY_VALUES = named<string>({
  infinity: '1e309',
  'two to the 63': '9223372036854775808',
  'negative one': '-1',
  zero: '0',
  fraction: '1.5',
  NaN: 'NaN',
  'hex number': '0x10',
  'leading plus': '%2B5',
  'padded number': '%201%20',
  'empty value': '',
  word: 'abc',
  'NUL character': '%00',
  'malformed percent-encoding': '%ZZ',
  'invalid UTF-8': '%C3%28',
  'lone surrogate as UTF-8': '%ED%A0%80',
  emoji: '%F0%9F%98%80',
  'Arabic-Indic digit': '%D9%A1',
  '10k-char value': 'x'.repeat(10_000),
});

/** Path segments put in place of each id parameter (raw, already URL-encoded). */
export const BAD_PATH_IDS = named<string>({
  word: 'abc',
  'negative one': '-1',
  zero: '0',
  'negative zero': '-0',
  fraction: '1.5',
  exponent: '1e3',
  'beyond int64': '99999999999999999999',
  'beyond safe integer': '9007199254740993',
  'NUL character': '%00',
  'malformed percent-encoding': '%ZZ',
  'lone surrogate as UTF-8': '%ED%A0%80',
  'encoded slash': '1%2F2',
  'encoded dot-dot': '%2E%2E',
  space: '%20',
  emoji: '%F0%9F%98%80',
  'Arabic-Indic digit': '%D9%A1',
  '4k-char segment': '9'.repeat(4_000),
});

/** Values of a documented request header (Idempotency-Key); each string is sent as raw bytes. */
export const BAD_HEADER_VALUES = named<string | string[]>({
  'empty value': '',
  '300 characters': 'k'.repeat(300),
  'non-ASCII (UTF-8 bytes)': Buffer.from('ключ-😀', 'utf8').toString('latin1'),
  'non-ASCII (Latin-1 byte)': 'cl\u00e9',
  'a tab': 'a\tb',
  'duplicated header': ['first-key', 'second-key'],
  'leading space': ' key',
});

/** An API key or admin token header as a client might get it wrong. */
export const GARBLED_CREDENTIALS = named<string | string[] | undefined>({
  'no credential': undefined,
  'empty value': '',
  'a random word': 'hello',
  'the prefix only': 'mk_',
  'a well-formed unknown key': `mk_${'0'.repeat(16)}_${'A'.repeat(43)}`,
  'a 10k-char value': 'k'.repeat(10_000),
  'UTF-8 bytes': Buffer.from('ключ', 'utf8').toString('latin1'),
  'duplicated header': ['mk_a', 'mk_b'],
});

/** One header far beyond the HTTP server's 16 KB header limit. */
export const OVERSIZED_HEADER = { name: 'x-padding', value: 'p'.repeat(20_000) };

/**
 * Upload bodies for operations that take multipart/form-data. The CSV names no usable email, name or
 * domain column, so no upload in the battery may ever create a job, whatever its other fields say.
 */
export const UNUSABLE_CSV = 'city\nParis\n';

export type MultipartPart = { field: string; value: string } | { field: string; file: string; fileName: string };

export const BAD_MULTIPART_BODIES = named<MultipartPart[]>({
  'no parts at all': [],
  'fields but no file': [{ field: 'dedupe', value: 'true' }],
  'an empty file': [{ field: 'file', file: '', fileName: 'empty.csv' }],
  'the file under another name': [{ field: 'upload', file: UNUSABLE_CSV, fileName: 'a.csv' }],
  'two files': [
    { field: 'file', file: UNUSABLE_CSV, fileName: 'a.csv' },
    { field: 'file', file: UNUSABLE_CSV, fileName: 'b.csv' },
  ],
  'a file without usable columns': [{ field: 'file', file: UNUSABLE_CSV, fileName: 'a.csv' }],
  'a binary file': [{ field: 'file', file: '\u0000\u0001\u0002PNG\r\n\u001a\n', fileName: 'image.png' }],
  'a 100 KB field': [
    { field: 'dedupe', value: 'x'.repeat(100_000) },
    { field: 'file', file: UNUSABLE_CSV, fileName: 'a.csv' },
  ],
  '30 fields': [
    ...Array.from({ length: 30 }, (_, i) => ({ field: `f${i}`, value: 'x' })),
    { field: 'file', file: UNUSABLE_CSV, fileName: 'a.csv' },
  ],
});

/** Multipart bodies that are not well-formed, as functions of the boundary in the Content-Type. */
export const MALFORMED_MULTIPART = named<(boundary: string) => string>({
  'a body cut off inside the file': (b) =>
    `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n${UNUSABLE_CSV}`,
  'a body cut off inside part headers': (b) => `--${b}\r\nContent-Dispos`,
  'a part header that is not a header': (b) => `--${b}\r\nnot a header\r\n\r\nx\r\n--${b}--\r\n`,
  'a part without Content-Disposition': (b) => `--${b}\r\nContent-Type: text/csv\r\n\r\nx\r\n--${b}--\r\n`,
  'text without any boundary': () => 'not multipart at all',
  'a __proto__ field': (b) => `--${b}\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--${b}--\r\n`,
});

/** Values of one documented multipart field at a time, sent next to the unusable CSV. */
export const BAD_MULTIPART_FIELD_VALUES = named<string>({
  'empty value': '',
  'negative one': '-1',
  zero: '0',
  fraction: '1.5',
  infinity: '1e309',
  'two to the 63': '9223372036854775808',
  'beyond int64': '99999999999999999999',
  NaN: 'NaN',
  word: 'abc',
  'NUL character': 'a\u0000b',
  'lone surrogate': 'a\ud800b',
  emoji: '😀',
  '10k-char value': 'x'.repeat(10_000),
});

/**
 * Content types for a body where the operation expects another. `body` says what is sent: JSON
 * text, form-encoded text, or a multipart form (with or without a file).
 */
export const WRONG_CONTENT_TYPES = named<{
  contentType: string | undefined;
  body: 'json' | 'form' | 'multipart-without-file' | 'multipart-with-empty-file';
}>({
  'JSON as text/plain': { contentType: 'text/plain', body: 'json' },
  'JSON without a content type': { contentType: undefined, body: 'json' },
  'JSON as application/octet-stream': { contentType: 'application/octet-stream', body: 'json' },
  'JSON as application/xml': { contentType: 'application/xml', body: 'json' },
  'a form-encoded body': { contentType: 'application/x-www-form-urlencoded', body: 'form' },
  'JSON with a bogus charset': { contentType: 'application/json; charset=klingon', body: 'json' },
  'JSON with a malformed content type': { contentType: 'application/json;;;=', body: 'json' },
  'multipart without a boundary': { contentType: 'multipart/form-data', body: 'json' },
  'multipart without a file': { contentType: 'multipart', body: 'multipart-without-file' },
  'multipart with an empty file': { contentType: 'multipart', body: 'multipart-with-empty-file' },
});
