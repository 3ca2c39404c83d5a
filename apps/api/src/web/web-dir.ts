import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

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
