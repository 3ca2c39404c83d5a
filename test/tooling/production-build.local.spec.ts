import { execFile } from 'node:child_process';
import { join, relative } from 'node:path';

// dist/ holds what the services run, never what only a test reads: specs, `testing/` helpers and
// fixtures (the 2,400 lines of rejection texts the reply-classifier spec reads, for one). tsconfig.build.json
// excludes them by name, but an exclude only drops a root: a production file that imports a fixture
// pulls it back into the build. So this asks tsc itself which files the build compiles, imports
// followed, without emitting anything.
const ROOT = join(__dirname, '..', '..');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/** What only a test may read: a spec, a file under a testing/ or fixtures/ folder, a *.fixture.ts. */
const TEST_ONLY = /(\.spec\.ts$|\.fixture\.ts$|\/testing\/|\/fixtures\/)/;

function filesTheBuildCompiles(): Promise<string[]> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [TSC, '-p', 'tsconfig.build.json', '--listFilesOnly'],
      { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout) => {
        if (error) return reject(new Error(`tsc --listFilesOnly failed: ${stdout}`));
        const ours = stdout
          .split('\n')
          .filter((file) => file !== '' && !file.includes('/node_modules/'))
          .map((file) => relative(ROOT, file));
        resolve(ours);
      },
    );
  });
}

describe('the production build (tsconfig.build.json)', () => {
  it('compiles the apps and libs and no spec, testing helper or fixture', async () => {
    const files = await filesTheBuildCompiles();
    expect(files).toContain('apps/api/src/main.ts');
    expect(files).toContain('libs/domain/verification-engine/src/smtp/reply-classifier.ts');
    expect(files.filter((file) => TEST_ONLY.test(file))).toEqual([]);
  }, 120_000);

  it('knows a fixture, a testing helper and a spec when it sees one', () => {
    const fixtures = 'libs/domain/verification-engine/src/smtp/fixtures';
    expect(TEST_ONLY.test(`${fixtures}/rejection-texts/zoho.fixture.ts`)).toBe(true);
    expect(TEST_ONLY.test('libs/infra/slots/src/testing/slot-store.contract.ts')).toBe(true);
    expect(TEST_ONLY.test('libs/domain/verification-engine/src/smtp/reply-classifier.unit.spec.ts')).toBe(true);
    expect(TEST_ONLY.test('libs/domain/verification-engine/src/smtp/reply-classifier.ts')).toBe(false);
  });
});
