import type { OpenAPIObject } from '@nestjs/swagger';
import type { PathItemObject, ResponseObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { ErrorCodes } from '@lib/common';
import { ERROR_DESCRIPTIONS } from './api-envelope.decorators';

/**
 * The spec's order of the API's parts; /docs and generated clients list operations in it. The
 * dashboard, admin and operations (health, readiness) come last: they are not the spec's customer API.
 */
export const TAG_ORDER = [
  { name: 'verification', description: 'Verify one address or up to 100 at once' },
  { name: 'finder', description: "Find a person's address at a company domain: single, batch of 100, or a CSV job" },
  { name: 'jobs', description: 'Bulk verification of CSV lists' },
  { name: 'credits', description: 'Balance, history, packages and orders' },
  { name: 'webhooks', description: 'HTTPS endpoints notified when jobs finish' },
  {
    name: 'dashboard',
    description: 'The customer web app: sign-up, sessions, keys, team (session cookie and CSRF token)',
  },
  { name: 'admin', description: 'Dashboard side (ADMIN_TOKEN): accounts, keys, orders, adjustments' },
  { name: 'operations', description: 'Liveness and readiness, no key' },
];

/** What the spec (and the body parser) accept for every JSON request body. */
export const JSON_MEDIA_TYPES = ['application/json', 'text/json', 'application/*+json'];

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * Behaviour every route shares is documented here once, next to where the document is built, rather
 * than repeated on each handler: the global API-key guard and rate limiter (401, 429; the admin token
 * and its guessing throttle; the dashboard's limiter), the JSON body
 * parser (400, 413, 415, the three JSON media types), the refusal of control characters in path and
 * query values (400), the error envelope as the only error body (even
 * on CSV and event-stream routes), and the spec's order of operations.
 */
export function applyHttpConventions(document: OpenAPIObject): OpenAPIObject {
  const envelope = { $ref: '#/components/schemas/ErrorEnvelope' };
  const usedStatuses = new Set<number>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const statuses = new Set<number>();
      const body =
        operation.requestBody && 'content' in operation.requestBody ? operation.requestBody.content : undefined;
      if (body?.['application/json']) for (const type of JSON_MEDIA_TYPES) body[type] = body['application/json'];
      if (body) [400, 413, 415].forEach((status) => statuses.add(status));
      // Path and query values with control characters are refused before any handler (400, code 1006).
      if (
        (operation.parameters ?? []).some(
          (parameter) => 'in' in parameter && (parameter.in === 'path' || parameter.in === 'query'),
        )
      )
        statuses.add(400);
      // A key with scopes calls only the routes of its scopes (403, code 1109): say which one, in words too.
      const scope = (operation as { 'x-required-scope'?: string })['x-required-scope'];
      if (scope) {
        const note = `Requires the API key scope \`${scope}\` (a key without scopes has every scope).`;
        operation.description = operation.description ? `${operation.description}\n\n${note}` : note;
        operation.responses[403] ??= {
          description: `The API key lacks the \`${scope}\` scope (code 1109), or is used from a client address outside its allowlist (code 1110)`,
        };
      }
      const security = operation.security ?? document.security ?? [];
      const keyed = security.some((requirement) => 'apiKey' in requirement);
      const admin = security.some((requirement) => 'admin' in requirement);
      if (keyed) [401, 429].forEach((status) => statuses.add(status));
      // Wrong admin tokens are throttled per client address (429 once an address has sent too many).
      if (admin) [401, 429].forEach((status) => statuses.add(status));
      // The dashboard's limiter: per signed-in user, per client address on the anonymous routes (code 1201).
      if (path.startsWith('/dashboard/v1/')) statuses.add(429);
      for (const status of statuses) operation.responses[status] ??= { description: ERROR_DESCRIPTIONS[status] };
      for (const [status, response] of Object.entries(operation.responses) as Array<[string, ResponseObject]>) {
        if (Number(status) < 400) continue;
        usedStatuses.add(Number(status));
        response.content = { 'application/json': { schema: envelope, examples: examplesFor(Number(status)) } };
        if (Number(status) === 429)
          response.headers = {
            'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer', format: 'int32' } },
          };
      }
    }
  }
  document.components = {
    ...document.components,
    examples: { ...(document.components?.examples ?? {}), ...errorExamples(usedStatuses) },
  };
  document.tags = TAG_ORDER;
  document.paths = Object.fromEntries(Object.entries(document.paths).sort(([, a], [, b]) => tagRank(a) - tagRank(b)));
  return document;
}

function tagRank(item: PathItemObject): number {
  const tag = METHODS.map((method) => item[method]?.tags?.[0]).find(Boolean);
  const rank = TAG_ORDER.findIndex((entry) => entry.name === tag);
  return rank === -1 ? TAG_ORDER.length : rank;
}

const exampleName = (name: string) => `error_${name}`;

/** One example per error code, shared by every response of that code's HTTP status. */
function errorExamples(statuses: Set<number>) {
  return Object.fromEntries(
    Object.entries(ErrorCodes)
      .filter(([, entry]) => statuses.has(entry.status))
      .map(([name, entry]) => [
        exampleName(name),
        {
          summary: `${entry.code} ${name}`,
          value: { status: 'error', data: null, error: { code: entry.code, message: entry.message } },
        },
      ]),
  );
}

function examplesFor(status: number) {
  const names = Object.entries(ErrorCodes)
    .filter(([, entry]) => entry.status === status)
    .map(([name]) => name);
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/examples/${exampleName(name)}` }]));
}
