// The part of the service's OpenAPI document the client libraries cover: the /v1 routes (API key
// auth) and the schemas they reference, transitively. The dashboard and admin routes stay out of the
// published packages. Usage: node public-document.mjs openapi.json > public.json
import { readFileSync } from 'node:fs';

const document = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const paths = Object.fromEntries(Object.entries(document.paths).filter(([path]) => path.startsWith('/v1/')));

const schemas = document.components?.schemas ?? {};
const kept = new Set();
const visit = (node) => {
  if (Array.isArray(node)) return node.forEach(visit);
  if (!node || typeof node !== 'object') return;
  const ref = typeof node.$ref === 'string' && node.$ref.match(/^#\/components\/schemas\/(.+)$/);
  if (ref && !kept.has(ref[1])) {
    kept.add(ref[1]);
    visit(schemas[ref[1]]);
  }
  Object.values(node).forEach(visit);
};
visit(paths);

const components = {
  ...document.components,
  schemas: Object.fromEntries(
    Object.keys(schemas)
      .filter((name) => kept.has(name))
      .map((name) => [name, schemas[name]]),
  ),
};
process.stdout.write(`${JSON.stringify({ ...document, paths, components }, null, 2)}\n`);
