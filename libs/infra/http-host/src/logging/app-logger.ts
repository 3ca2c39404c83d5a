import { LoggerService } from '@nestjs/common';
import pino, { Logger as Pino } from 'pino';
import { AppConfig } from '@lib/config';
import { redactPersonal } from './redact-personal';
import { redactSecrets } from './redact-secrets';

/**
 * One pino instance per process: Fastify's request logs and Nest's messages share its JSON lines. Every
 * line passes through redactSecrets and redactPersonal on its way out, whatever field or message carries a
 * credential, an address or a person's name.
 */
export function createPino(config: AppConfig, out: { write(line: string): unknown } = process.stdout): Pino {
  return pino(
    { level: config.logLevel, formatters: { level: (label) => ({ level: label }) } },
    { write: (line: string) => out.write(redactPersonal(redactSecrets(line))) },
  );
}

// Nest's start-up chatter (one line per module and route) would push the lines that matter, where the
// service listens and the demo key, off the first screen; it stays available at LOG_LEVEL=debug.
const BOOT_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

/** Nest's LoggerService over pino: `{"level":"info","time":…,"context":"main","msg":…}`. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Pino) {}

  log(message: unknown, ...rest: unknown[]): void {
    const context = contextOf(rest);
    this.write(BOOT_CONTEXTS.has(context ?? '') ? 'debug' : 'info', message, context);
  }
  error(message: unknown, ...rest: unknown[]): void {
    const context = contextOf(rest);
    const stack = rest.find(
      (item): item is string => typeof item === 'string' && item !== context && item.includes('\n'),
    );
    this.write('error', message, context, stack);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, contextOf(rest));
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, contextOf(rest));
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, contextOf(rest));
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, contextOf(rest));
  }

  private write(
    level: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal',
    message: unknown,
    context?: string,
    stack?: string,
  ): void {
    if (message instanceof Error) this.pino[level]({ context, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.pino[level]({ context, ...message });
    else this.pino[level]({ context, ...(stack ? { stack } : {}) }, String(message));
  }
}

/** Nest passes the logger's context as the last string argument. */
function contextOf(rest: unknown[]): string | undefined {
  const last = rest[rest.length - 1];
  return typeof last === 'string' ? last : undefined;
}
