#!/usr/bin/env node
// Builds dist/ only when a source or build setting is newer than the last build, so `npm start`
// after `npm ci` (whose `prepare` already built) starts at once. Skipped where there are no sources
// yet (the Dockerfile installs dependencies before copying them).
const { execSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const inputs = ['apps', 'libs', 'web', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];
const SOURCE = /\.(ts|tsx|json|css|html)$/;

function newestMtime(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return SOURCE.test(entry) ? stat.mtimeMs : 0;
  return fs
    .readdirSync(entry)
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

if (!fs.existsSync(path.join(root, 'apps'))) process.exit(0);
const builtAt = fs.statSync(stamp, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const changedAt = Math.max(...inputs.map((entry) => newestMtime(path.join(root, entry))));
if (changedAt < builtAt) process.exit(0);
// The stamp carries the build's start time: a file saved during the build is still seen as newer.
const startedAt = new Date();
execSync('npm run --silent build', { cwd: root, stdio: 'inherit' });
fs.writeFileSync(stamp, `${startedAt.toISOString()}\n`);
fs.utimesSync(stamp, startedAt, startedAt);
