import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCodes } from '@lib/common';

// docs/errors.md's table is written by hand for readers of the repository; the catalogue
// (libs/shared/common/src/error-codes.ts) is the source. This fails when a code is added, changed or dropped in
// one and not the other.
const ERRORS_DOC = readFileSync(join(__dirname, '..', '..', 'docs', 'errors.md'), 'utf8');
const ROW = /^\| (\d+) \| (\d+) \| `(\w+)` \| (.*) \|$/gm;
const documented = new Map([...ERRORS_DOC.matchAll(ROW)].map((m) => [Number(m[1]), m[0]]));

describe("docs/errors.md's error table", () => {
  it('is found', () => {
    expect(documented.size).toBeGreaterThan(50);
  });

  // The meaning is the catalogue's message, which the table may follow with a note for its readers.
  it.each(Object.entries(ErrorCodes).map(([name, e]) => [e.code, name, e] as const))(
    'has code %d (%s) with its status and message',
    (code, name, e) => {
      const row = `| ${code} | ${e.status} | \`${name}\` | ${e.message}`;
      expect(documented.get(code)?.slice(0, row.length)).toBe(row);
    },
  );

  it('lists no code the catalogue lacks', () => {
    const known = new Set<number>(Object.values(ErrorCodes).map((e) => e.code));
    expect([...documented.keys()].filter((code) => !known.has(code))).toEqual([]);
  });
});
