import { Logger } from '@nestjs/common';
import { VerificationEngine } from './engine/verification-engine';
import { EGRESS_RECHECK_MS } from './smtp/smtp-egress';
import { smtpPreflight } from './smtp/smtp-preflight';
import type { VerificationConfig } from './verification.config';

/**
 * Runs the port-25 preflight at start and records what it found on the engine, which answers
 * `unknown/port_25_blocked` at once for public MX hosts while the port is blocked. Until a check
 * finds the port open it checks again every EGRESS_RECHECK_MS, so probing resumes by itself when
 * the network (or the cloud's port-25 unblock request) changes. Said loudly once, not every check.
 */
export class SmtpEgressMonitor {
  private readonly logger = new Logger('verification');
  private timer?: NodeJS.Timeout;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly engine: VerificationEngine,
    private readonly config: VerificationConfig,
    private readonly host: string | undefined,
  ) {}

  start(): void {
    this.running = this.check();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private async check(): Promise<void> {
    const before = this.engine.egress.status.state;
    const result = await smtpPreflight(this.config, this.host, () => undefined, this.engine.resolver);
    this.engine.egress.record(result.state, result.detail, Date.now());
    if (result.state !== before) {
      const line = `SMTP preflight: ${result.detail}`;
      if (result.state === 'open') this.logger.log(line);
      else this.logger.warn(line);
    }
    if (result.state !== 'open' && !this.stopped) {
      this.timer = setTimeout(() => {
        this.running = this.check();
      }, EGRESS_RECHECK_MS);
      this.timer.unref();
    }
  }
}
