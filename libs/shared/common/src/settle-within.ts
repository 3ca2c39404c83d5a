/**
 * The promise's outcome, or `fallback` once `timeoutMs` has passed: health checks (ping) must answer
 * within their own budget even when a driver would keep waiting for a server.
 */
export async function settleWithin<T>(promise: Promise<T>, timeoutMs: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), timeoutMs)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
