import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadConfig, AppConfig } from '@lib/config';
import { Clock } from '@lib/common';
import type { AdapterWrappers } from '@lib/platform';
import { startRoles, RunningApp } from '@lib/roles/testing';

export const ADMIN_TOKEN = 'test-admin-token';

export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** The answer with its body parsed as JSON when it is JSON (CSV, SSE and other text stay raw). */
export async function readResult<T = any>(response: Response): Promise<HttpResult<T>> {
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: the raw text is the body
  }
  return { status: response.status, headers: response.headers, body: parsed as never, text };
}

export interface TestApp {
  url: string;
  config: AppConfig;
  running: RunningApp;
  dataDir: string;
  /** JSON request; `key` goes in X-API-KEY; a string body is sent as-is. */
  request<T = any>(
    method: string,
    route: string,
    options?: { key?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<HttpResult<T>>;
  /** Opens an account through the admin API and returns its owner key. */
  createAccount(credits?: number, name?: string): Promise<{ accountId: string; apiKey: string; keyId: string }>;
  close(): Promise<void>;
}

/**
 * Starts the real all-in-one app (api + worker + projector) on embedded adapters in a fresh data
 * directory, listening on a random loopback port. Environment entries override the defaults.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  overrides: { clock?: Clock; dataDir?: string; wrap?: AdapterWrappers } = {},
): Promise<TestApp> {
  const dataDir = overrides.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'mailcheck-e2e-'));
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_TOKEN,
      LOG_LEVEL: 'silent',
      DEMO_ACCOUNT: 'false',
      PROBE_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      SMTP_PREFLIGHT: 'false',
      RATE_LIMIT_PER_SECOND: '1000',
      RATE_LIMIT_BURST: '1000',
      DASHBOARD_RATE_LIMIT_PER_SECOND: '1000',
      DASHBOARD_RATE_LIMIT_BURST: '1000',
      // Every test user signs up from 127.0.0.1: the per-client mail throttle is tested with its own limit.
      MAIL_MAX_PER_CLIENT: '1000000',
      ...env,
    },
    ['api', 'worker', 'projector'],
  );
  const running = await startRoles(config, { clock: overrides.clock, wrap: overrides.wrap });
  const request: TestApp['request'] = async (method, route, options = {}) => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.key) headers['x-api-key'] = options.key;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    return readResult(await fetch(running.url + route, { method, headers, body }));
  };
  return {
    url: running.url,
    config,
    running,
    dataDir,
    request,
    async createAccount(credits = 100, name = 'Test account') {
      const res = await request('POST', '/admin/v1/accounts', {
        body: { name, credits },
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      if (res.status !== 201 && res.status !== 200) throw new Error(`createAccount failed: ${res.status} ${res.text}`);
      return res.body.data;
    },
    async close() {
      await running.close();
      if (!overrides.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
