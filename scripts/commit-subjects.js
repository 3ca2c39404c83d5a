#!/usr/bin/env node
// Commit subjects of at most 72 characters (CONTRIBUTING.md, "Commits"): what `git log --oneline`, GitHub
// and mail clients show without cutting. Used by the commit-msg hook (scripts/git-hooks/commit-msg) and by
// CI (test/tooling/commit-subjects.local.spec.ts), which checks every commit after COMMIT_SUBJECT_BASE:
// older history has longer subjects and is left as it is.
//
//   node scripts/commit-subjects.js --message-file <file>   # the hook: exit 1 when the subject is too long
//   node scripts/commit-subjects.js                         # every commit after the base on HEAD
const { execFileSync } = require('node:child_process');
const { readFileSync } = require('node:fs');

const MAX_SUBJECT_LENGTH = 72;
/** main's HEAD when the rule was written down; commits after it are held to it. */
const COMMIT_SUBJECT_BASE = '4bc3788644219f0033ec689f1a326196d4611b0c';

/** The subject as git shows it (`%s`): comment lines dropped, the first paragraph's lines joined by spaces. */
function subjectOf(message) {
  const lines = message.split('\n').filter((line) => !line.startsWith('#'));
  const start = lines.findIndex((line) => line.trim() !== '');
  if (start === -1) return '';
  const end = lines.findIndex((line, i) => i > start && line.trim() === '');
  return lines
    .slice(start, end === -1 ? undefined : end)
    .map((line) => line.trim())
    .join(' ');
}

/** Why a subject breaks the rule, or null. Characters, not bytes: "é" is one. */
function subjectProblem(subject) {
  const length = [...subject].length;
  return length > MAX_SUBJECT_LENGTH
    ? `commit subject is ${length} characters, at most ${MAX_SUBJECT_LENGTH}: "${subject}"`
    : null;
}

function git(cwd, args) {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function succeeds(cwd, args) {
  try {
    git(cwd, args);
    return true;
  } catch {
    return false;
  }
}

/**
 * The commits on HEAD after `base`, with their subjects. A shallow clone may not reach the base: then every
 * commit it holds is newer than the base (the base is an ancestor of HEAD beyond the clone's depth), so all
 * are checked. A full history without the base cannot tell new commits from old ones: that is an error.
 */
function commitsSince(base, cwd = process.cwd()) {
  const hasBase = succeeds(cwd, ['cat-file', '-e', `${base}^{commit}`]);
  const shallow = git(cwd, ['rev-parse', '--is-shallow-repository']).trim() === 'true';
  if (!hasBase && !shallow)
    throw new Error(`commit ${base} is not in this repository's history: fetch main's full history`);
  const range = hasBase ? [`${base}..HEAD`] : ['HEAD'];
  const out = git(cwd, ['log', '--format=%H%x09%s', ...range]);
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const tab = line.indexOf('\t');
      return { hash: line.slice(0, tab), subject: line.slice(tab + 1) };
    });
}

/** `hash: problem` for each commit after the base whose subject is too long. */
function longSubjectsSince(base, cwd) {
  return commitsSince(base, cwd).flatMap(({ hash, subject }) => {
    const problem = subjectProblem(subject);
    return problem ? [`${hash.slice(0, 12)}: ${problem}`] : [];
  });
}

module.exports = {
  COMMIT_SUBJECT_BASE,
  MAX_SUBJECT_LENGTH,
  commitsSince,
  longSubjectsSince,
  subjectOf,
  subjectProblem,
};

if (require.main === module) {
  const fileFlag = process.argv.indexOf('--message-file');
  const problems =
    fileFlag === -1
      ? longSubjectsSince(COMMIT_SUBJECT_BASE)
      : [subjectProblem(subjectOf(readFileSync(process.argv[fileFlag + 1], 'utf8')))].filter(Boolean);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error('Put the detail in the body, after a blank line (CONTRIBUTING.md, "Commits").');
    process.exit(1);
  }
}
