import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { DomainError } from '@lib/common';

/** Tasks run at once; more wait their turn (each may hold a 19 MiB password hash). */
const CONCURRENCY = 4;
/** Beyond this many waiting tasks a request is refused (503) rather than queued without bound. */
const MAX_WAITING = 1_000;

/**
 * The work of an anonymous request that must not show in its answer's timing: whether an address has an
 * account decides whether a sign-up or a reset request appends events and which mail it sends, so the
 * request answers as soon as it is throttled and validated, and that work runs here, after the answer.
 * A failure is logged (the caller already had its uniform answer); the work of a process that dies is
 * lost like an unsent mail, and the user asks again. Shutdown waits for what was started.
 */
@Injectable()
export class AfterAnswer implements BeforeApplicationShutdown {
  private readonly logger = new Logger('after-answer');
  private readonly waiting: Array<{ label: string; work: () => Promise<void> }> = [];
  private running = 0;
  private idle: Array<() => void> = [];

  /** Queues the work; throws SERVICE_UNAVAILABLE when too much is waiting already. */
  start(label: string, work: () => Promise<void>): void {
    if (this.waiting.length >= MAX_WAITING) throw new DomainError('SERVICE_UNAVAILABLE');
    this.waiting.push({ label, work });
    this.next();
  }

  /** Resolves once nothing is running or waiting. */
  drain(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.drain();
  }

  private next(): void {
    while (this.running < CONCURRENCY && this.waiting.length > 0) {
      const { label, work } = this.waiting.shift()!;
      this.running++;
      // Begun on a later turn of the event loop, so not even a synchronous read happens before the answer.
      void new Promise((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => this.logger.error(`${label} failed after its answer: ${String(error)}`))
        .finally(() => {
          this.running--;
          this.next();
          if (this.running === 0 && this.waiting.length === 0) this.idle.splice(0).forEach((resolve) => resolve());
        });
    }
  }
}
