// Every package builds itself when packed: `npm pack` in a clean copy of sdks/typescript (its
// tracked files only, no dist/) runs `prepack` and ships every file its manifest names (each `exports` entry
// for import and require, with its declarations) and the executable CLI, and each entry loads by name;
// in sdks/widget, the ES module, the script tag bundle and the declarations; `python -m build` on a clean copy of sdks/python makes an sdist and, from it, a wheel,
// both with every module of the package and its py.typed marker. Run by sdks/check.sh (after its tools are
// installed: sdks/typescript/node_modules, sdks/widget/node_modules, and PYTHON, a Python with `build`).
// Usage: PYTHON=sdks/python/.venv/bin/python node --test sdks/packages.test.mjs
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
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

/** Every file a manifest field names: main, module, types, bin and each `exports` target (conditions included). */
function named(manifest) {
  const targets = (value) => (typeof value === 'string' ? [value] : Object.values(value).flatMap(targets));
  return [manifest.main, manifest.module, manifest.types, ...targets(manifest.bin), ...targets(manifest.exports)].map(
    (file) => path.posix.normalize(file),
  );
}

test('npm pack in a clean sdks/typescript ships every entry point, its types and the CLI, and each loads', () => {
  const { copy } = cleanCopy('sdks/typescript');
  assert.equal(readdirSync(copy).includes('dist'), false);
  // The build tools, as `npm ci` installs them (check.sh's first step): installing is not what is tested.
  symlinkSync(path.join(sdks, 'typescript', 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], copy));
  const files = new Map(packed.files.map((file) => [file.path, file]));
  const manifest = JSON.parse(readFileSync(path.join(copy, 'package.json'), 'utf8'));
  // The documented entries (README: `mailcheck`, `mailcheck/webhooks`, `mailcheck/tokens`) stay in the manifest.
  assert.deepEqual(Object.keys(manifest.exports), ['.', './webhooks', './tokens', './package.json']);
  const entries = named(manifest);
  // TypeScript finds a subpath's types beside its JavaScript, and each dist folder's package.json says its module kind.
  const declarations = entries.filter((file) => file.endsWith('.js')).map((file) => file.replace(/\.js$/, '.d.ts'));
  for (const expected of new Set([
    ...entries,
    ...declarations,
    'README.md',
    'dist/esm/package.json',
    'dist/cjs/package.json',
  ]))
    assert.ok(files.has(expected), `${expected} is missing from the package (${[...files.keys()].join(', ')})`);
  assert.ok(files.has('dist/esm/verification-token.js') && files.has('dist/cjs/verification-token.d.ts'));
  assert.equal(files.get(manifest.bin.mailcheck).mode & 0o111, 0o111, 'the CLI is not executable');
  assert.deepEqual(
    [...files.keys()].filter((file) => !file.startsWith('dist/') && !['package.json', 'README.md'].includes(file)),
    [],
  );

  // Each entry, imported and required by name from the unpacked tarball, as a project that installed it would.
  const consumer = path.join(work, 'consumer');
  const installed = path.join(consumer, 'node_modules', 'mailcheck');
  mkdirSync(installed, { recursive: true });
  run('tar', ['-xzf', path.join(work, packed.filename), '-C', installed, '--strip-components=1'], work);
  for (const subpath of Object.keys(manifest.exports).filter((key) => key !== './package.json')) {
    const name = path.posix.join('mailcheck', subpath);
    const cjs = run(process.execPath, ['-p', `Object.keys(require('${name}')).length`], consumer);
    const esm = run(
      process.execPath,
      ['--input-type=module', '-e', `console.log(Object.keys(await import('${name}')).length)`],
      consumer,
    );
    assert.ok(Number(cjs) > 0 && Number(esm) > 0, `${name} exports nothing (require: ${cjs}, import: ${esm})`);
  }
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
