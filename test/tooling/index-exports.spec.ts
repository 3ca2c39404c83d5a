import { execFile } from 'node:child_process';
import { join } from 'node:path';

// `npm run lint` refuses `export *` in a lib's index (eslint.config.mjs): checked on text that breaks
// the rule and text that keeps it, under a real lib index path and elsewhere.
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
    expect(await messages('libs/mail/src/index.ts', "export * from './mailer.port';\n")).toEqual([
      'no-restricted-syntax: Name what the lib exports (CONTRIBUTING.md, Module layout); no export *.',
    ]);
  });

  it('accepts named exports there, and export * in a file that is not a lib index', async () => {
    expect(
      await messages('libs/mail/src/index.ts', "export { Mailer, type OutgoingMail } from './mailer.port';\n"),
    ).toEqual([]);
    expect(await messages('libs/jobs/src/csv/index.ts', "export * from './csv-record';\n")).toEqual([]);
  });
});
