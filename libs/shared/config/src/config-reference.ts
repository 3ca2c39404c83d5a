import { PLATFORM_REFERENCE } from './config-reference-platform';
import { WORK_REFERENCE } from './config-reference-work';
import type { ConfigReferenceGroup } from './config-reference-entry';

/**
 * What each environment variable means, for docs/configuration.md. The kind, fallback and bounds of every
 * variable come from its parser (`declaredConfigVariables`, a dry read of `loadConfig`); this file adds the
 * words. `npm run generate:config-docs` writes the page, and test/tooling/configuration-docs.local.spec.ts
 * fails when a variable is read without an entry here, an entry names a variable nobody reads, or the page
 * is stale.
 */
export type { ConfigReferenceEntry, ConfigReferenceGroup } from './config-reference-entry';

// The groups live in two files by concern (each under the 400-line mark); the page shows them in this order.
export const CONFIG_REFERENCE: readonly ConfigReferenceGroup[] = [...PLATFORM_REFERENCE, ...WORK_REFERENCE];
