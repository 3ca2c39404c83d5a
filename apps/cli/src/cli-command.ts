import type { INestApplicationContext } from '@nestjs/common';
import type { AppConfig } from '@lib/config';

/** The JSON printed on stdout, and the exit code (0 unless the command found a problem). */
export interface CliOutcome {
  output: unknown;
  exitCode?: number;
}

export interface CliCommand {
  name: string;
  usage: string;
  /** `config`: the validated configuration the app context was built from. */
  run(app: INestApplicationContext, flags: Record<string, string>, config: AppConfig): Promise<CliOutcome>;
}

/** Exit codes: 0 done, 1 failed, 2 usage mistake, 3 the audit found a mismatch. */
/** stale: an audit found the data sound but a read model not caught up yet. */
export const EXIT = { ok: 0, failed: 1, usage: 2, mismatch: 3, stale: 4 } as const;
