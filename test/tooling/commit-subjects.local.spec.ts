import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The rule and the listing are plain JavaScript so the commit-msg hook runs them without a build.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const rule = require('../../scripts/commit-subjects.js') as {
  COMMIT_SUBJECT_BASE: string;
  commitsSince(base: string, cwd?: string): { hash: string; subject: string }[];
  longSubjectsSince(base: string, cwd?: string): string[];
  subjectOf(message: string): string;
  subjectProblem(subject: string): string | null;
};

const ROOT = join(__dirname, '..', '..');
const HOOK = join(ROOT, 'scripts', 'git-hooks', 'commit-msg');
const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=Spec', '-c', 'user.email=spec@example.com', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();
const inGitCheckout = (() => {
  try {
    return git(ROOT, 'rev-parse', '--is-inside-work-tree') === 'true';
  } catch {
    return false;
  }
})();

describe('commit subjects of at most 72 characters', () => {
  describe('the rule', () => {
    it('takes the subject as git shows it: comments dropped, the first paragraph joined', () => {
      expect(rule.subjectOf('# Please enter\n\nFix the relay\nretry\n\nBody text\n')).toBe('Fix the relay retry');
    });

    it('accepts 72 characters and refuses 73, counting characters, not bytes', () => {
      expect(rule.subjectProblem('é'.repeat(72))).toBeNull();
      expect(rule.subjectProblem('a'.repeat(73))).toMatch(/73 characters, at most 72/);
    });
  });

  describe('on a repository of its own', () => {
    let dir: string;
    let base: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'commit-subjects-'));
      git(dir, 'init', '-q', '-b', 'main', 'repo');
      const repo = join(dir, 'repo');
      git(repo, 'commit', '-q', '--allow-empty', '-m', `old history ${'x'.repeat(80)}`);
      base = git(repo, 'rev-parse', 'HEAD');
      git(repo, 'commit', '-q', '--allow-empty', '-m', 'A short subject');
      git(repo, 'commit', '-q', '--allow-empty', '-m', `A subject that runs on ${'y'.repeat(60)}`);
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('checks only the commits after the base', () => {
      const repo = join(dir, 'repo');
      expect(rule.commitsSince(base, repo).map((c) => c.subject.slice(0, 15))).toEqual([
        'A subject that ',
        'A short subject',
      ]);
      expect(rule.longSubjectsSince(base, repo)).toEqual([expect.stringMatching(/83 characters/)]);
    });

    it('checks every commit a shallow clone holds when the base is beyond its depth', () => {
      git(dir, 'clone', '-q', '--depth', '2', `file://${join(dir, 'repo')}`, 'shallow');
      expect(rule.commitsSince(base, join(dir, 'shallow'))).toHaveLength(2);
    });

    it('fails when a full history does not hold the base', () => {
      expect(() => rule.commitsSince('0'.repeat(40), join(dir, 'repo'))).toThrow(/not in this repository's history/);
    });

    it('is what the commit-msg hook applies', () => {
      const message = join(dir, 'COMMIT_EDITMSG');
      writeFileSync(message, `${'z'.repeat(73)}\n\nbody\n`);
      expect(() => execFileSync(HOOK, [message], { cwd: ROOT, stdio: 'pipe' })).toThrow(/at most 72/);
      writeFileSync(message, 'Short enough\n');
      expect(() => execFileSync(HOOK, [message], { cwd: ROOT, stdio: 'pipe' })).not.toThrow();
    });
  });

  // A source tarball has no history to check; CI clones the repository, so this runs there.
  (inGitCheckout ? describe : describe.skip)('this repository (skipped outside a git checkout)', () => {
    it(`has no long subject after ${rule.COMMIT_SUBJECT_BASE.slice(0, 12)}`, () => {
      expect(rule.longSubjectsSince(rule.COMMIT_SUBJECT_BASE, ROOT)).toEqual([]);
    });
  });
});
