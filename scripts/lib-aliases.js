// The `@lib/<name>` aliases are declared once, in tsconfig.json's `paths` (tsc, tsc-alias and dependency-cruiser
// read them there). swc (tests, scripts, benchmarks) and jest get theirs from here, derived from that one list.
const fs = require('fs');
const path = require('path');

const ROOT = path.join(__dirname, '..');

/** tsconfig.json's `paths`: alias -> [folder], e.g. "@lib/accounts" -> ["libs/domain/accounts/src"]. */
function libAliases() {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8')).compilerOptions.paths;
}

/** .swcrc with the aliases added: swc rewrites them when it compiles a file. */
function swcOptions() {
  const swc = JSON.parse(fs.readFileSync(path.join(ROOT, '.swcrc'), 'utf8'));
  return { ...swc, swcrc: false, jsc: { ...swc.jsc, baseUrl: ROOT, paths: libAliases() } };
}

/**
 * Jest's moduleNameMapper: each alias exactly, so a spec reaches a lib through its index or its testing entry
 * (the only aliases there are), never its insides.
 */
function jestModuleNameMapper() {
  return Object.fromEntries(
    Object.entries(libAliases()).map(([alias, [folder]]) => [
      `^${alias.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')}$`,
      `<rootDir>/${folder}`,
    ]),
  );
}

module.exports = { libAliases, swcOptions, jestModuleNameMapper };
