// Builds dist/: mailcheck-widget.mjs (an ES module for bundlers and <script type="module">),
// mailcheck-widget.js (an IIFE for a plain <script> tag: window.MailcheckWidget), both minified for
// browsers from 2020 on, and the declarations under dist/types/ (tsc, which also typechecks).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const common = {
  entryPoints: [`${root}src/index.ts`],
  bundle: true,
  minify: true,
  target: 'es2020',
  logLevel: 'warning',
};

rmSync(`${root}dist`, { recursive: true, force: true });
execFileSync(
  process.execPath,
  [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-p', `${root}tsconfig.json`],
  {
    stdio: 'inherit',
  },
);
await build({ ...common, format: 'esm', outfile: `${root}dist/mailcheck-widget.mjs` });
await build({ ...common, format: 'iife', globalName: 'MailcheckWidget', outfile: `${root}dist/mailcheck-widget.js` });
