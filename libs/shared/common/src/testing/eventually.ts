/** How long `eventually` keeps trying and how long it waits between tries. */
export interface EventuallyOptions {
  timeoutMs?: number;
  intervalMs?: number;
}

/**
 * The one polling helper of the tests: runs `assertion` until it stops throwing, and returns what it
 * returned (so a probe can hand back the value it waited for). When the time is up it rethrows the last
 * error, so a failure reads as the assertion that never held (an `expect` inside says what was seen).
 */
export async function eventually<T>(
  assertion: () => T | Promise<T>,
  { timeoutMs = 5000, intervalMs = 20 }: EventuallyOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}

/**
 * For a probe polled by `eventually`: the value once it is there; while it is false, null or undefined
 * this throws "still waiting for <what>", so `eventually` tries again and, at the end, says what never came.
 */
export function present<T>(value: T | false | null | undefined, what: string): T {
  if (value === false || value === null || value === undefined) throw new Error(`still waiting for ${what}`);
  return value;
}
