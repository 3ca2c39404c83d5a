import { Logger } from '@nestjs/common';

/**
 * SIGTERM or SIGINT: close the application, then exit; never later than `boundMs` after the signal.
 * Closing runs, in Nest's order: every consumer, dispatcher and sweeper stops taking work
 * (beforeApplicationShutdown), the HTTP server stops accepting and drains the requests still open, then
 * the stores close (onApplicationShutdown). A request or a peer that does not finish in time is abandoned:
 * everything accepted is already in the event store, and leases hand unfinished work to the next process.
 * It needs only the running process's `close` (startRoles hands it its RunningApp).
 */
export function exitGracefullyOnSignals(
  running: { close(): Promise<void> },
  boundMs: number,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  const logger = new Logger('shutdown');
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.log(`${signal}: stopping consumers and timers, draining open requests, exiting within ${boundMs} ms`);
    const deadline = setTimeout(() => {
      logger.error(`shutdown not finished after ${boundMs} ms (SHUTDOWN_TIMEOUT_MS): exiting with work still open`);
      exit(1);
    }, boundMs);
    running.close().then(
      () => {
        clearTimeout(deadline);
        exit(0);
      },
      (error) => {
        logger.error(`shutdown failed: ${error?.stack ?? error}`);
        clearTimeout(deadline);
        exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
