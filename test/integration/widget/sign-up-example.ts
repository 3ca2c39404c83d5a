import { eventually } from '@lib/common/testing';
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const EXAMPLE = path.join(ROOT, 'examples/sign-up-form/server.mjs');

/** What the example needs built: the widget's bundles and the SDK its back end imports. */
export const EXAMPLE_BUILDS = [
  ['sdks/widget/dist/mailcheck-widget.js', 'the widget is not built (npm ci && npm run build in sdks/widget)'],
  ['sdks/typescript/dist/esm/index.js', 'the TypeScript SDK is not built (npm ci && npm run build in sdks/typescript)'],
].filter(([file]) => !fs.existsSync(path.join(ROOT, file)));

export interface ExampleServer {
  url: string;
  close(): Promise<void>;
}

/** examples/sign-up-form/server.mjs as a real process, as its README starts it; resolves once it listens. */
export async function startSignUpExample(env: {
  baseUrl: string;
  publishableKey: string;
  apiKey: string;
  port?: number;
}): Promise<ExampleServer> {
  const child: ChildProcess = spawn(process.execPath, [EXAMPLE], {
    env: {
      PATH: process.env.PATH,
      MAILCHECK_BASE_URL: env.baseUrl,
      MAILCHECK_PUBLISHABLE_KEY: env.publishableKey,
      MAILCHECK_API_KEY: env.apiKey,
      PORT: String(env.port ?? 0),
      HOST: '127.0.0.1',
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = await eventually(
    () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) return match[1];
      throw new Error(`the example has not started (exit ${child.exitCode}):\n${output}`);
    },
    { timeoutMs: 20_000, intervalMs: 50 },
  );
  return {
    url,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A verification service that is slow: it answers the CORS preflight at once, as a proxy in front of a busy
 * service would, then never answers the check itself. Records each check and whether the browser gave up on it.
 */
export interface SlowService {
  url: string;
  checks: Array<{ email: string; closedByClient: boolean }>;
  close(): Promise<void>;
}

export async function startSlowService(): Promise<SlowService> {
  const checks: SlowService['checks'] = [];
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-origin': String(request.headers.origin ?? '*'),
        'access-control-allow-headers': 'x-api-key, accept',
        'access-control-allow-methods': 'GET, POST',
      });
      return response.end();
    }
    const check = { email: new URL(request.url!, 'http://x').searchParams.get('email') ?? '', closedByClient: false };
    checks.push(check);
    open.add(response);
    response.on('close', () => {
      check.closedByClient = true;
      open.delete(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    checks,
    close: async () => {
      for (const response of open) response.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
