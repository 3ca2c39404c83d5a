// Measures what a browser downloads: each built bundle minified, then gzipped (level 9) and, for the
// figure in README.md, rounded up to a tenth of a kB. `--check` fails when README.md's figure (between
// the size markers) is not the measured one; `--write` puts the measured figure there.
// Run after the build: node scripts/build.mjs && node scripts/size.mjs [--check|--write]
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const measure = (file) => {
  const bytes = readFileSync(`${root}dist/${file}`);
  return { file, minified: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const sizes = [measure('mailcheck-widget.js'), measure('mailcheck-widget.mjs')];
for (const { file, minified, gzip } of sizes) console.log(`${file}: ${minified} B minified, ${gzip} B minified+gzip`);

const largest = Math.max(...sizes.map((size) => size.gzip));
const figure = `${(Math.ceil(largest / 100) / 10).toFixed(1)} kB`;
const readme = readFileSync(`${root}README.md`, 'utf8');
const marked = /(<!-- size -->)(.*?)(<!-- \/size -->)/;
if (!marked.test(readme)) throw new Error('README.md has no <!-- size -->…<!-- /size --> markers');
const stated = marked.exec(readme)[2];
if (process.argv.includes('--write')) writeFileSync(`${root}README.md`, readme.replace(marked, `$1${figure}$3`));
else if (process.argv.includes('--check') && stated !== figure) {
  console.error(`README.md says ${stated}; measured ${figure} (node scripts/size.mjs --write)`);
  process.exit(1);
}
console.log(`README figure: ${figure}`);
