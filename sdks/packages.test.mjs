// Every package builds itself when packed: `npm pack` in a clean copy of sdks/typescript (its
// tracked files only, no dist/) runs `prepack` and ships the built ESM and CJS files, their declarations and
// the executable CLI; in sdks/widget, the ES module, the script tag bundle and the declarations; `python -m build` on a clean copy of sdks/python makes an sdist and, from it, a wheel,
// both with every module of the package and its py.typed marker. Run by sdks/check.sh (after its tools are
// installed: sdks/typescript/node_modules, sdks/widget/node_modules, and PYTHON, a Python with `build`).
// Usage: PYTHON=sdks/python/.venv/bin/python node --test sdks/packages.test.mjs
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import assert from 'node:assert/strict';

const sdks = path.dirname(new URL(import.meta.url).pathname);
const root = path.dirname(sdks);
const work = mkdtempSync(path.join(tmpdir(), 'sdk-packs-'));
after(() => rmSync(work, { recursive: true, force: true }));

const run = (command, args, cwd) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** The package's files as git tracks them, copied to a fresh directory: what a clean checkout holds. */
function cleanCopy(folder) {
  const files = run('git', ['ls-files', '--', folder], root).split('\n').filter(Boolean);
  const copy = path.join(work, folder);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(work, file));
  }
  return { copy, files: files.map((file) => path.relative(folder, file)) };
}

test('npm pack in a clean sdks/typescript ships the built library, its types and the CLI', () => {
  const { copy } = cleanCopy('sdks/typescript');
  assert.equal(readdirSync(copy).includes('dist'), false);
  // The build tools, as `npm ci` installs them (check.sh's first step): installing is not what is tested.
  symlinkSync(path.join(sdks, 'typescript', 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], copy));
  const files = new Map(packed.files.map((file) => [file.path, file]));
  for (const expected of [
    'package.json',
    'README.md',
    'dist/esm/index.js',
    'dist/esm/index.d.ts',
    'dist/esm/package.json',
    'dist/esm/webhook-signature.js',
    'dist/cjs/index.js',
    'dist/cjs/index.d.ts',
    'dist/cjs/package.json',
    'dist/cjs/webhook-signature.js',
    'dist/cjs/cli/main.js',
  ])
    assert.ok(files.has(expected), `${expected} is missing from the package (${[...files.keys()].join(', ')})`);
  assert.equal(files.get('dist/cjs/cli/main.js').mode & 0o111, 0o111, 'the CLI is not executable');
  assert.deepEqual(
    [...files.keys()].filter((file) => !file.startsWith('dist/') && !['package.json', 'README.md'].includes(file)),
    [],
  );
});

test('npm pack in a clean sdks/widget ships the ES module, the script tag bundle and the declarations', () => {
  const { copy } = cleanCopy('sdks/widget');
  assert.equal(readdirSync(copy).includes('dist'), false);
  symlinkSync(path.join(sdks, 'widget', 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], copy));
  const files = packed.files.map((file) => file.path);
  for (const expected of [
    'package.json',
    'README.md',
    'dist/mailcheck-widget.mjs',
    'dist/mailcheck-widget.js',
    'dist/types/index.d.ts',
    'dist/types/widget.d.ts',
  ])
    assert.ok(files.includes(expected), `${expected} is missing from the package (${files.join(', ')})`);
  assert.deepEqual(
    files.filter((file) => !file.startsWith('dist/') && !['package.json', 'README.md'].includes(file)),
    [],
  );
});

test('python -m build on a clean sdks/python makes an sdist and a wheel with every module and py.typed', () => {
  const python = process.env.PYTHON && path.resolve(process.env.PYTHON);
  assert.ok(python, 'set PYTHON to a Python with the build package');
  const { copy, files } = cleanCopy('sdks/python');
  const out = path.join(work, 'python-dist');
  run(python, ['-m', 'build', '--outdir', out, copy], work);
  const built = readdirSync(out);
  const sdist = built.find((name) => name.endsWith('.tar.gz'));
  const wheel = built.find((name) => name.endsWith('.whl'));
  assert.ok(sdist && wheel, `built ${built.join(', ')}`);
  const inSdist = run('tar', ['-tzf', path.join(out, sdist)], work).split('\n');
  const inWheel = run(python, ['-m', 'zipfile', '-l', path.join(out, wheel)], work);
  const modules = files.filter((file) => file.startsWith('src/mailcheck/'));
  assert.ok(modules.includes('src/mailcheck/py.typed') && modules.includes('src/mailcheck/_generated.py'));
  for (const module of modules) {
    assert.ok(
      inSdist.some((entry) => entry.endsWith(`/${module}`)),
      `${module} is missing from the sdist`,
    );
    assert.ok(inWheel.includes(module.slice('src/'.length)), `${module} is missing from the wheel`);
  }
});
