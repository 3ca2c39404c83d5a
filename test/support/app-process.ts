import { eventually } from '@lib/common/testing';
import { ChildProcess, execFile, spawn } from 'node:child_process';
import * as net from 'node:net';
import * as path from 'node:path';

import { ADMIN_TOKEN } from './test-app';

const ROOT = path.resolve(__dirname, '../..');

export interface AppProcess {
  child: ChildProcess;
  /** Everything the process printed so far, stdout and stderr. */
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves with the URL the process announced once it listens; rejects if it exits first. */
  listening: () => Promise<string>;
}

/**
 * `npm start`'s entry (api + worker + projector) as a real OS process, on loopback, port chosen by the OS.
 * `nodeArgs`: options for node itself that NODE_OPTIONS refuses (--cpu-prof).
 */
export function startAppProcess(env: Record<string, string>, nodeArgs: string[] = []): AppProcess {
  const child = spawn(
    process.execPath,
    [...nodeArgs, '-r', './scripts/register-ts.js', 'apps/all-in-one/src/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        DEMO_ACCOUNT: 'false',
        SMTP_PREFLIGHT: 'false',
        ...env,
      },
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // The process announces its URL at LOG_LEVEL=info; at any level it answers /health on PORT when one was given.
  let gone = false;
  void exited.then(() => (gone = true));
  const listening = async (): Promise<string> => {
    // The probe answers null once the process is gone, so the wait ends there instead of at the timeout.
    const url = await eventually(
      async () => {
        const found = output.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
        if (found) return found[1];
        if (env.PORT && env.PORT !== '0') {
          const url = `http://127.0.0.1:${env.PORT}`;
          if (
            await fetch(`${url}/health`).then(
              (res) => res.ok,
              () => false,
            )
          )
            return url;
        }
        if (gone) return null;
        throw new Error(`the process has not announced its URL yet:\n${output}`);
      },
      { timeoutMs: 120_000, intervalMs: 100 },
    );
    if (url === null) throw new Error(`the process exited before listening:\n${output}`);
    return url;
  };
  return { child, output: () => output, exited, listening };
}

/** A TCP port free on loopback right now. */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The app as a killable OS process with an admin token, quiet, on a port chosen beforehand (so it can
 * be reached as soon as /health answers): the crash tests SIGKILL it in the middle of a chunk.
 */
export async function spawnApp(
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<{ child: ChildProcess; url: string }> {
  const port = await freeLoopbackPort();
  const started = startAppProcess({ ...env, PORT: String(port), ADMIN_TOKEN, LOG_LEVEL: 'silent' }, nodeArgs);
  return { child: started.child, url: await started.listening() };
}

/** Kills a spawned app with SIGKILL and waits for it to be gone. */
export async function killApp(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** Runs `npm run admin -- <args>` as a separate process on a data directory; stdout parsed as JSON when it is. */
export function runAdmin(dataDir: string, ...args: string[]): Promise<{ code: number; json: any; stderr: string }> {
  return runAdminWith({ DATA_DIR: dataDir }, ...args);
}

/** `runAdmin` with the process's configuration given as environment (another event store, another data directory). */
export function runAdminWith(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; json: any; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['-r', './scripts/register-ts.js', 'apps/cli/src/main.ts', ...args],
      { cwd: ROOT, env: { ...process.env, ...env, LOG_LEVEL: 'silent' } },
      (error, stdout, stderr) => {
        let json: unknown = null;
        try {
          json = JSON.parse(stdout);
        } catch {
          /* usage errors print no JSON */
        }
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, json, stderr });
      },
    );
  });
}
