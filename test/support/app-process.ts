import { ChildProcess, spawn } from 'node:child_process';
import * as net from 'node:net';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

export interface AppProcess {
  child: ChildProcess;
  /** Everything the process printed so far, stdout and stderr. */
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves with the URL the process announced once it listens; rejects if it exits first. */
  listening: () => Promise<string>;
}

/** `npm start`'s entry (api + worker + projector) as a real OS process, on loopback, port chosen by the OS. */
export function startAppProcess(env: Record<string, string>): AppProcess {
  const child = spawn(process.execPath, ['-r', './scripts/register-ts.js', 'apps/all-in-one/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DEMO_ACCOUNT: 'false', SMTP_PREFLIGHT: 'false', ...env },
  });
  let output = '';
  child.stdout!.on('data', (chunk) => { output += chunk; });
  child.stderr!.on('data', (chunk) => { output += chunk; });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // The process announces its URL at LOG_LEVEL=info; at any level it answers /health on PORT when one was given.
  const listening = async (): Promise<string> => {
    for (;;) {
      const found = output.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (found) return found[1];
      if (env.PORT && env.PORT !== '0') {
        const url = `http://127.0.0.1:${env.PORT}`;
        if (await fetch(`${url}/health`).then((res) => res.ok, () => false)) return url;
      }
      const gone = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 100))]);
      if (gone) throw new Error(`the process exited before listening:\n${output}`);
    }
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
