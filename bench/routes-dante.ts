/** The real SOCKS5 proxy of `npm run bench:routes`: Debian's dante-server, as scripts/integration/dante.sh runs it. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { stopOnExit } from './stop-on-exit';

export interface LocalDante {
  /** socks5://127.0.0.1:11080 (no authentication), and the source address its connections leave from. */
  url: string;
  source: string;
  /** Stops the instances when this bench started them (ones found running are left running); idempotent. */
  stop(): void;
}

const DANTE_SCRIPT = join(__dirname, '..', 'scripts', 'integration', 'dante.sh');
const danteScript = (command: 'up' | 'down' | 'status') =>
  execFileSync('bash', [DANTE_SCRIPT, command], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

function runningAlready(): boolean {
  try {
    danteScript('status');
    return true;
  } catch {
    return false;
  }
}

/**
 * The open (no authentication) dante proxy: DANTE_OPEN_URL when set (an instance started by
 * `scripts/integration-services.sh up`, then `. .integration/env`), else the one `dante.sh up` starts (and
 * `stop()` or the process's exit stops again); INTEGRATION_DIR and DANTE_OPEN_PORT choose the instance.
 * A reason instead when there is none: the bench prints it and skips the proxy's part, never fakes it.
 */
export function localDante(): LocalDante | { skipped: string } {
  if (process.env.DANTE_OPEN_URL)
    return {
      url: process.env.DANTE_OPEN_URL,
      source: process.env.DANTE_OPEN_SOURCE ?? 'its own address',
      stop: () => {},
    };
  if (!existsSync(DANTE_SCRIPT))
    return { skipped: 'DANTE_OPEN_URL is not set and scripts/integration/dante.sh is absent' };
  const startedHere = !runningAlready();
  let out: string;
  try {
    out = danteScript('up');
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? '').trim();
    const reason = stderr.split('\n').filter(Boolean).pop() ?? (error as Error).message.split('\n')[0];
    return { skipped: `scripts/integration/dante.sh up failed: ${reason}` };
  }
  const stop = stopOnExit(startedHere, () => danteScript('down'));
  const value = (name: string) => new RegExp(`${name}=(\\S+)`).exec(out)?.[1] ?? '';
  if (!value('DANTE_OPEN_URL')) {
    stop();
    return { skipped: 'scripts/integration/dante.sh up named no DANTE_OPEN_URL' };
  }
  return { url: value('DANTE_OPEN_URL'), source: value('DANTE_OPEN_SOURCE'), stop };
}
