import { execFile } from 'node:child_process';
import { join } from 'node:path';

// `npm run lint` refuses `export *` in a lib's index, and read models, deciders and projections in a
// domain lib's index (eslint.config.mjs): checked on text that breaks each rule and text that keeps
// it, under a real lib index path and elsewhere.
// The CLI in a child process, as `npm run lint` runs it (its ESM config cannot load inside Jest's VM).
const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');

function messages(path: string, text: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [CLI, '--stdin', '--stdin-filename', join(ROOT, path), '--format', 'json'],
      { cwd: ROOT },
      (error, stdout) => {
        try {
          const [result] = JSON.parse(stdout) as Array<{ messages: Array<{ ruleId: string; message: string }> }>;
          resolve(result.messages.map((m) => `${m.ruleId}: ${m.message}`));
        } catch {
          reject(error ?? new Error(stdout));
        }
      },
    );
    child.stdin?.end(text);
  });
}

describe('lib index exports (ESLint)', () => {
  it('refuses export * in a lib index', async () => {
    expect(await messages('libs/infra/mail/src/index.ts', "export * from './mailer.port';\n")).toEqual([
      'no-restricted-syntax: Name what the lib exports (CONTRIBUTING.md, Module layout); no export *.',
    ]);
  });

  it('refuses a read-model collection or document type, a decider and a projection in a lib index', async () => {
    const READ_MODEL =
      'no-restricted-syntax: A read model stays inside its lib: export a query (and its result type) instead (CONTRIBUTING.md, What an index exports).';
    const INTERNAL =
      'no-restricted-syntax: Deciders and projections stay inside their lib: export a command or query, or the *_UPCASTERS that read its events (CONTRIBUTING.md, What an index exports).';
    expect(
      await messages(
        'libs/domain/accounts/src/index.ts',
        "export { API_KEYS_COLLECTION, type ApiKeyDoc } from './authenticate/api-keys.projection';\n",
      ),
    ).toEqual([READ_MODEL, READ_MODEL, READ_MODEL]); // the statement (a projection file), then each name
    expect(
      await messages(
        'libs/domain/accounts/src/index.ts',
        "export { accountDecider } from './domain/account.decider';\n",
      ),
    ).toEqual([INTERNAL]);
    expect(
      await messages(
        'libs/domain/jobs/src/index.ts',
        "export { jobsProjection } from './query-jobs/jobs.projection';\n",
      ),
    ).toEqual([READ_MODEL, INTERNAL]);
    // Any name from a projection file, so a read model renamed past the suffixes above is refused too.
    expect(
      await messages(
        'libs/domain/billing/src/index.ts',
        "export { type Orders } from './list-orders/credit-orders.projection';\n",
      ),
    ).toEqual([READ_MODEL]);
  });

  it('accepts commands, queries and upcasters in a lib index, read models in its testing entry, and the machinery in readstore and common', async () => {
    expect(
      await messages(
        'libs/domain/accounts/src/index.ts',
        "export { ListApiKeysQuery, type ApiKeyView } from './list-api-keys/list-api-keys.query';\nexport { JOB_UPCASTERS } from './domain/job.upcast';\n",
      ),
    ).toEqual([]);
    expect(
      await messages(
        'libs/domain/jobs/src/testing/index.ts',
        "export { jobDecider } from '../domain/job.decider';\nexport { JOB_RESULTS_COLLECTION } from '../query-jobs/job-document';\n",
      ),
    ).toEqual([]);
    expect(
      await messages(
        'libs/infra/readstore/src/index.ts',
        "export { documentProjection } from './projection/document-projection';\nexport { CHECKPOINTS_COLLECTION, type Doc } from './read-store.port';\n",
      ),
    ).toEqual([]);
    expect(
      await messages('libs/shared/common/src/index.ts', "export { fold, type Decider } from './decider';\n"),
    ).toEqual([]);
  });

  it('accepts named exports there, and export * in a file that is not a lib index', async () => {
    expect(
      await messages('libs/infra/mail/src/index.ts', "export { Mailer, type OutgoingMail } from './mailer.port';\n"),
    ).toEqual([]);
    expect(await messages('libs/domain/jobs/src/csv/index.ts', "export * from './csv-record';\n")).toEqual([]);
  });
});
