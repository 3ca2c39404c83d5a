import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { api, ApiError } from './api/client';
import { DASHBOARD, Me } from './api/dashboard';
import { ErrorCode } from './api/generated/error-codes';

interface SessionState {
  me: Me | null;
  loading: boolean;
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionState>({
  me: null,
  loading: true,
  refresh: async () => undefined,
  signOut: async () => undefined,
});

/** Who is signed in, read from the server (the session cookie is HttpOnly; the page never sees it). */
export function SessionProvider({ children }: { children: React.ReactNode }) {
  const [me, setMe] = useState<Me | null>(null);
  const [loading, setLoading] = useState(true);
  const refresh = useCallback(async () => {
    try {
      setMe(await api<Me>('GET', DASHBOARD.me));
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== ErrorCode.NOT_SIGNED_IN) console.error(error);
      setMe(null);
    } finally {
      setLoading(false);
    }
  }, []);
  const signOut = useCallback(async () => {
    await api('POST', DASHBOARD.signOut).catch(() => undefined);
    setMe(null);
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return <SessionContext.Provider value={{ me, loading, refresh, signOut }}>{children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);
