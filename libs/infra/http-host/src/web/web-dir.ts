import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';

/**
 * Where `npm run build` put the dashboard (dist/web at the repository root). Found by walking up from
 * this file to the package.json, so it is the same from the TypeScript sources (tests) and from dist.
 */
export function webBuildDir(start = __dirname): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return join(dir, 'dist', 'web');
    if (dirname(dir) === dir) return join(start, 'web');
  }
}

/** The built pages, or null when the dashboard was not built (the API still runs). */
export function readBuiltPage(dir: string, name: 'index.html' | 'landing.html'): string | null {
  const file = join(dir, name);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/** A fixed file at the build's root (never a name from a request), or null without a build. */
export function readBuiltFile(dir: string, name: 'favicon.ico'): Buffer | null {
  const file = join(dir, name);
  return existsSync(file) ? readFileSync(file) : null;
}

const ASSET_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
};

/** The files of dist/web/assets by name (Vite writes them flat), with their content types; empty without a build. */
export function readBuiltAssets(dir: string): Map<string, { body: Buffer; type: string }> {
  const assetsDir = join(dir, 'assets');
  if (!existsSync(assetsDir)) return new Map();
  return new Map(
    readdirSync(assetsDir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => [
        entry.name,
        {
          body: readFileSync(join(assetsDir, entry.name)),
          type: ASSET_TYPES[extname(entry.name)] ?? 'application/octet-stream',
        },
      ]),
  );
}
