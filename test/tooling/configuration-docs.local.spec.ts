import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderConfigReference } from '@lib/config';
import { CONFIG_REFERENCE, declaredConfigVariables } from '@lib/config/testing';

// docs/configuration.md is generated (npm run generate:config-docs) from what loadConfig's parsers declare
// and the words of libs/shared/config/src/config-reference.ts. This fails when a variable is read without words,
// words name a variable nobody reads, or the page was not regenerated after either changed.
const PAGE = join(__dirname, '..', '..', 'docs', 'configuration.md');
const declared = declaredConfigVariables();
const described = CONFIG_REFERENCE.flatMap((group) => group.entries.flatMap((entry) => entry.names));

describe('docs/configuration.md', () => {
  it('sees the variables loadConfig reads, with their bounds and defaults', () => {
    expect(declared.length).toBeGreaterThan(90);
    expect(declared.find((v) => v.name === 'PORT')).toEqual({
      name: 'PORT',
      kind: 'integer',
      fallback: '3000',
      min: 0,
      max: 65535,
    });
    expect(renderConfigReference()).toContain('`PORT` (integer from 0 to 65535; default `3000`)');
  });

  it('describes every variable loadConfig reads', () => {
    const words = new Set(described);
    expect(declared.map((v) => v.name).filter((name) => !words.has(name))).toEqual([]);
  });

  it('describes no variable loadConfig does not read, and none twice', () => {
    const names = new Set(declared.map((v) => v.name));
    expect(described.filter((name) => !names.has(name))).toEqual([]);
    expect(described.filter((name, i) => described.indexOf(name) !== i)).toEqual([]);
  });

  it('states no default the parser cannot: a machine-dependent fallback has words instead', () => {
    const worded = new Set(
      CONFIG_REFERENCE.flatMap((g) => g.entries.flatMap((entry) => Object.keys(entry.defaults ?? {}))),
    );
    // SMTP_EGRESS_ID falls back to the host name: printed as is, the page would differ on every machine.
    expect(worded.has('SMTP_EGRESS_ID')).toBe(true);
  });

  it('is the generated page (run npm run generate:config-docs)', () => {
    expect(readFileSync(PAGE, 'utf8')).toBe(renderConfigReference());
  });
});
