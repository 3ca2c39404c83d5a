import { useCallback, useEffect, useState } from 'react';

/** How often, and how long, a reload waits for a read model to show a change just made. */
const CATCH_UP_TRIES = 20;
const CATCH_UP_INTERVAL_MS = 250;

/**
 * Loads data for a page: the value, the error (for an alert), and reload after a change. Lists are read
 * models that show a change a moment after it was answered: `reload(until)` reads again until `until`
 * holds for what it read (a few seconds at most), showing each read.
 */
export function useLoad<T>(
  load: () => Promise<T>,
  deps: unknown[] = [],
): { data: T | null; error: unknown; loading: boolean; reload: (until?: (data: T) => boolean) => Promise<void> } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(async (until?: (data: T) => boolean) => {
    setLoading(true);
    try {
      for (let tries = 1; ; tries++) {
        const loaded = await load();
        setData(loaded);
        setError(null);
        if (!until || until(loaded) || tries >= CATCH_UP_TRIES) break;
        await new Promise((resolve) => setTimeout(resolve, CATCH_UP_INTERVAL_MS));
      }
    } catch (e) {
      setError(e);
    } finally {
      setLoading(false);
    }
  }, deps); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, loading, reload };
}
