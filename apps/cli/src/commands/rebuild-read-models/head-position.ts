import { EventStore } from '@lib/eventstore';

/**
 * The global position of the newest event, found with O(log n) one-event reads (the port has no
 * "last position" call): grow an upper bound exponentially, then bisect. Used as the progress bar's 100%.
 */
export async function headPosition(events: EventStore, eventTypes?: string[]): Promise<number> {
  const hasAfter = async (position: number) => (await events.readAll({ after: position, maxCount: 1, eventTypes })).length > 0;
  if (!(await hasAfter(-1))) return 0;
  let low = 0;
  let high = 1;
  while (await hasAfter(high)) {
    low = high;
    high *= 2;
  }
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (await hasAfter(mid)) low = mid;
    else high = mid;
  }
  return (await hasAfter(low)) ? high : low;
}
