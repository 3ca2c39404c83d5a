// One app role (api, worker, projector) as a real OS process, run from the TypeScript sources so the
// test never depends on a stale `dist/`. Its output is kept so a failing test can show it.
import { eventually, present } from '@lib/common/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import * as net from 'node:net';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const KEEP_OUTPUT_CHARS = 20_000;

export type Role = 'api' | 'worker' | 'projector';

export interface RoleProcess {
  name: string;
  url: string;
  child: ChildProcess;
  /** The last lines the process wrote (stdout and stderr interleaved). */
  output(): string;
  /** SIGTERM (graceful: consumers finish and commit), then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL: no shutdown hook runs, nothing in flight is committed. */
  kill(): Promise<void>;
}

const running = new Set<ChildProcess>();
// A crashed or interrupted jest run must not leave app processes behind.
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function waitExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Starts `apps/<role>/src/main.ts` and resolves once its /ready answers 200 (every adapter up, consumers joined). */
export async function startRole(
  role: Role,
  env: Record<string, string>,
  name: string = role,
  timeoutMs = 120_000,
): Promise<RoleProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-r', './scripts/register-ts.js', `apps/${role}/src/main.ts`], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-KEEP_OUTPUT_CHARS));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.once('exit', (code, signal) => {
    running.delete(child);
    keep(Buffer.from(`\n[${name} exited: ${signal ?? code}]\n`));
  });

  const url = `http://127.0.0.1:${port}`;
  let status = 0;
  // The probe answers 'exited' once the process is gone, so the wait ends there instead of at the timeout.
  const outcome = await eventually(
    async () => {
      if (exited(child)) return 'exited';
      status = await fetch(`${url}/ready`).then(
        (r) => r.status,
        () => 0,
      );
      return present(status === 200 && 'ready', `${name} to answer /ready with 200`);
    },
    { timeoutMs, intervalMs: 250 },
  ).catch(() => {
    child.kill('SIGKILL');
    throw new Error(`${name} not ready after ${timeoutMs} ms (last /ready status ${status}):\n${output}`);
  });
  if (outcome === 'exited') throw new Error(`${name} exited before it was ready:\n${output}`);

  return {
    name,
    url,
    child,
    output: () => output,
    async stop(graceMs = 15_000) {
      if (exited(child)) return;
      child.kill('SIGTERM');
      if (!(await waitExit(child, graceMs))) {
        child.kill('SIGKILL');
        await waitExit(child, 5_000);
      }
    },
    async kill() {
      if (exited(child)) return;
      child.kill('SIGKILL');
      await waitExit(child, 5_000);
    },
  };
}
