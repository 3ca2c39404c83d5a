// The widget's modules straight from src/ (esbuild, as the build uses it), for tests that run in Node:
// the pure parts and the HTTP client, which need no DOM.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const src = fileURLToPath(new URL('../src/', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'widget-test-'));
after(() => rmSync(work, { recursive: true, force: true }));

export async function loadSource(module) {
  const { outputFiles } = await build({
    entryPoints: [path.join(src, `${module}.ts`)],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
  });
  const file = path.join(work, `${module}.mjs`);
  writeFileSync(file, outputFiles[0].text);
  return import(pathToFileURL(file).href);
}
