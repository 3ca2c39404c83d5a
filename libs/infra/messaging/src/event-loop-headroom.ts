import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** Above this share of the last window spent running callbacks, the process has no time to spare. */
const BUSY_SHARE = 0.7;

/**
 * Whether this process's event loop had time to spare since the previous look. Handlers that mostly wait
 * (on slow mail servers, say) leave the loop idle, so more of them at once finish sooner; handlers that
 * mostly compute keep it busy, and more of them at once only delay each other.
 */
export class EventLoopHeadroom {
  private last: EventLoopUtilization = performance.eventLoopUtilization();

  /** True when less than BUSY_SHARE of the time since the previous call was spent running callbacks. */
  hadSpareTime(): boolean {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, this.last).utilization;
    this.last = now;
    return busy < BUSY_SHARE;
  }
}
