import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Fastify, { FastifyInstance } from 'fastify';
import { NOT_BUILT, registerWebApp, webBuildDir } from '@lib/http-host/testing';

function buildDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailcheck-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>app</title><script type="module" src="/app/assets/app-abc123.js"></script>',
  );
  fs.writeFileSync(
    path.join(dir, 'landing.html'),
    '<!doctype html><title>landing</title><a href="/app/signin">Sign in</a>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'favicon.ico'), Buffer.from([0, 0, 1, 0, 1, 0]));
  return dir;
}

async function serve(dir: string): Promise<FastifyInstance> {
  const fastify = Fastify();
  registerWebApp(fastify, dir);
  await fastify.ready();
  return fastify;
}

describe('the dashboard and landing page served by the API process', () => {
  let fastify: FastifyInstance;
  beforeAll(async () => {
    fastify = await serve(buildDir());
  });
  afterAll(() => fastify.close());

  it('answers / with the landing page linking to the app', async () => {
    const res = await fastify.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('href="/app/signin"');
  });

  it('answers every /app path with the app page, so deep links and reloads work', async () => {
    for (const url of ['/app', '/app/', '/app/lists', '/app/lists/1843020410880', '/app/confirm?token=abc']) {
      const res = await fastify.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      expect(res.body).toContain('<title>app</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('small finding (issue 37): serves /favicon.ico from the build instead of a 404', async () => {
    const res = await fastify.inject({ method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    expect(res.rawPayload).toEqual(Buffer.from([0, 0, 1, 0, 1, 0]));
  });

  it('sends the links mailed from the host root to the app, token kept', async () => {
    const res = await fastify.inject({ method: 'GET', url: '/confirm-email?token=abc_DEF-123' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app/confirm-email?token=abc_DEF-123');
    expect((await fastify.inject({ method: 'GET', url: '/reset-password?token=x' })).headers.location).toBe(
      '/app/reset-password?token=x',
    );
  });

  it('sends pages with a strict content security policy and no framing', async () => {
    const res = await fastify.inject({ method: 'GET', url: '/app/verify' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves hashed assets with a long immutable cache, and 404 for a missing one', async () => {
    const res = await fastify.inject({ method: 'GET', url: '/app/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await fastify.inject({ method: 'GET', url: '/app/assets/missing-1.js' })).statusCode).toBe(404);
  });

  it('does not serve files outside the assets directory', async () => {
    for (const url of [
      '/app/assets/../index.html',
      '/app/assets/%2e%2e/landing.html',
      '/app/assets/..%2f..%2fpackage.json',
    ]) {
      const res = await fastify.inject({ method: 'GET', url });
      expect(res.body).not.toContain('<title>landing</title>');
      expect(res.body).not.toContain('"name"');
    }
  });
});

describe('without a build', () => {
  it('says how to build instead of failing, and the process still starts', async () => {
    const fastify = await serve(fs.mkdtempSync(path.join(os.tmpdir(), 'mailcheck-noweb-')));
    const res = await fastify.inject({ method: 'GET', url: '/app/lists' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toBe(NOT_BUILT);
    await fastify.close();
  });

  it('looks for the build in dist/web at the repository root', () => {
    expect(webBuildDir()).toBe(path.resolve(__dirname, '../../../dist/web'));
  });
});
