/**
 * Writes docs/configuration.md from libs/shared/config: the kind, bounds and default of every variable as its parser
 * declares them (a dry read of loadConfig) and the words of libs/shared/config/src/config-reference.ts.
 * test/tooling/configuration-docs.local.spec.ts fails when the page is stale.
 *
 *   npm run generate:config-docs
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderConfigReference } from '@lib/config';

const target = join(__dirname, '..', 'docs', 'configuration.md');
writeFileSync(target, renderConfigReference());
console.log(`wrote ${target}`);
