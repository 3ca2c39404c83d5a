import { useState } from 'react';

/**
 * Runs a user action on a page: clears the last error and notice, runs it, then reloads the page's
 * data; a failure becomes the page's error (shown in its alert).
 */
export function useAction(reload: () => Promise<void>) {
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const act = async (task: () => Promise<void>) => {
    setError(null);
    setNotice(null);
    try {
      await task();
      await reload();
    } catch (e) {
      setError(e);
    }
  };
  return { act, error, notice, setNotice };
}
