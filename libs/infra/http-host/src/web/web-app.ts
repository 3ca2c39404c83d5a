import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readBuiltAssets, readBuiltFile, readBuiltPage, webBuildDir } from './web-dir';

/** The dashboard talks only to this origin; no inline script, no framing (clickjacking). */
export const PAGE_SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

/**
 * Links the dashboard back end mails (DASHBOARD_URL + path + ?token=…). DASHBOARD_URL defaults to the
 * host root, and the app lives under /app, so the root paths redirect there with the query kept.
 */
export const MAILED_LINK_PATHS = ['/confirm-email', '/reset-password', '/confirm-email-change', '/accept-invite'];

export const NOT_BUILT = 'The dashboard is not built: run `npm run build` (it writes dist/web).\n';

/**
 * The landing page at / and the dashboard under /app, from a Vite build directory. Every /app path
 * that is not a built asset answers the app's page, so deep links and reloads work (the app routes
 * in the browser). Without a build, those paths answer 503 saying how to build; the API still runs.
 */
export function registerWebApp(fastify: FastifyInstance, dir: string): void {
  const appPage = readBuiltPage(dir, 'index.html');
  const landingPage = readBuiltPage(dir, 'landing.html');
  const page = (html: string | null) => (_request: unknown, reply: FastifyReply) => {
    if (html === null) return reply.status(503).header('content-type', 'text/plain; charset=utf-8').send(NOT_BUILT);
    return reply
      .headers(PAGE_SECURITY_HEADERS)
      .header('cache-control', 'no-cache')
      .header('content-type', 'text/html; charset=utf-8')
      .send(html);
  };
  fastify.get('/', page(landingPage));
  for (const path of MAILED_LINK_PATHS)
    fastify.get(path, (request, reply) => reply.redirect(`/app${request.url}`, 302));
  // Browsers ask every site for /favicon.ico (web/public/favicon.ico, copied to the build's root by Vite).
  const favicon = readBuiltFile(dir, 'favicon.ico');
  fastify.get('/favicon.ico', (_request, reply) => {
    if (!favicon) return reply.callNotFound();
    return reply
      .header('content-type', 'image/x-icon')
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .send(favicon);
  });
  fastify.get('/app', page(appPage));
  fastify.get('/app/*', page(appPage));
  // The build's assets, held in memory (a few hundred KB) and served by exact name only: no path is
  // ever joined from the request, so nothing outside the build can be reached. Vite names them by
  // content hash, so one name never changes content: they are cached for a year.
  const assets = readBuiltAssets(dir);
  fastify.get('/app/assets/:name', (request: FastifyRequest<{ Params: { name: string } }>, reply) => {
    const asset = assets.get(request.params.name);
    if (!asset) return reply.callNotFound();
    return reply
      .header('content-type', asset.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(asset.body);
  });
}

/**
 * Mounts the build of `npm run build` (dist/web). Fastify's own routes, not Nest controllers: no API
 * key, envelope or OpenAPI entry; the app calls the API from the browser with its session cookie.
 */
@Injectable()
export class WebApp implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    registerWebApp(this.adapterHost.httpAdapter.getInstance<FastifyInstance>(), webBuildDir());
  }
}
