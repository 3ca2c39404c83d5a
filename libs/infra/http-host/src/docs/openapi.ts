import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { ErrorCodes } from '@lib/common';
import { applyHttpConventions } from './openapi-conventions';

/** The error codes sorted by code, folded away so the operations stay on the first screen of /docs. */
function errorTable(): string {
  const rows = Object.entries(ErrorCodes)
    .sort(([, a], [, b]) => a.code - b.code)
    .map(([name, entry]) => `| ${entry.code} | ${entry.status} | ${name} | ${entry.message} |`);
  return [
    '<details><summary>Error codes (click to open)</summary>',
    '',
    '| code | HTTP | name | meaning |',
    '|---|---|---|---|',
    ...rows,
    '',
    '</details>',
  ].join('\n');
}

/** OpenAPI 3 generated from the controllers and DTOs: JSON at /docs-json, Swagger UI at /docs. */
export function setupOpenApi(app: INestApplication): void {
  const config = new DocumentBuilder()
    .setTitle('Email verification and finder API')
    .setVersion('v1')
    .setDescription(
      'Every JSON response uses the envelope `{ status, data, error }`; on failure `error = { code, message }` and clients branch on the numeric `code`. ' +
        'JSON bodies are accepted as `application/json`, `text/json` or `application/*+json`.\n\n' +
        "Authenticate with the `X-API-KEY` header. (The dashboard web UI calls the same routes with its session cookie instead, and the session's `X-CSRF-Token` on every state change; see docs/dashboard-api.md.) Rate limits are per key: over the limit the API answers 429 with `Retry-After` and `RateLimit-*` headers; back off exponentially.\n\n" +
        '**Test mode**: a test key (`mck_test_…`) calls the operations whose `x-key-kinds` include `test` and answers from a documented table of magic addresses and finder domains (docs/test-mode.md), never probing a mail or DNS server, on a balance of its own (`POST /v1/credits/test-balance/reset`); webhook bodies say `livemode`. Other operations refuse it (403, code 1117).\n\n' +
        errorTable(),
    )
    .addServer('/', 'This service')
    .addApiKey({ type: 'apiKey', name: 'X-API-KEY', in: 'header' }, 'apiKey')
    .addCookieAuth(
      'mc_session',
      {
        type: 'apiKey',
        in: 'cookie',
        name: 'mc_session',
        description:
          'Dashboard session (POST /dashboard/v1/sign-in), for /dashboard/v1 only; state-changing requests also need X-CSRF-Token',
      },
      'session',
    )
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN, for /admin/v1 only' }, 'admin')
    .addSecurityRequirements('apiKey')
    .build();
  const document = applyHttpConventions(SwaggerModule.createDocument(app, config));
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'docs-json',
    swaggerOptions: { docExpansion: 'list', defaultModelsExpandDepth: 0 },
  });
}
