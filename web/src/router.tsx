import { AnchorHTMLAttributes, createContext, MouseEvent, useContext, useEffect, useState } from 'react';

/** The app lives under /app; paths inside it are written without that prefix. */
export const BASE = '/app';

const RouterContext = createContext<{ path: string; query: URLSearchParams; navigate: (to: string) => void }>({
  path: '/',
  query: new URLSearchParams(),
  navigate: () => undefined,
});

function currentPath(): string {
  const path = window.location.pathname.startsWith(BASE) ? window.location.pathname.slice(BASE.length) : '/';
  return path.replace(/\/+$/, '') || '/';
}

export function Router({ children }: { children: React.ReactNode }) {
  const [location, setLocation] = useState({ path: currentPath(), search: window.location.search });
  useEffect(() => {
    const onPop = () => setLocation({ path: currentPath(), search: window.location.search });
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = (to: string) => {
    window.history.pushState(null, '', BASE + (to === '/' ? '' : to));
    setLocation({ path: currentPath(), search: window.location.search });
    window.scrollTo?.(0, 0);
  };
  return (
    <RouterContext.Provider value={{ path: location.path, query: new URLSearchParams(location.search), navigate }}>
      {children}
    </RouterContext.Provider>
  );
}

export const useRouter = () => useContext(RouterContext);

/** Matches "/lists/:id" against a path; returns the parameters or null. */
export function matchRoute(pattern: string, path: string): Record<string, string> | null {
  const a = pattern.split('/');
  const b = path.split('/');
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let k = 0; k < a.length; k++) {
    if (a[k].startsWith(':')) params[a[k].slice(1)] = decodeURIComponent(b[k]);
    else if (a[k] !== b[k]) return null;
  }
  return params;
}

/** An in-app link: a real href (so it opens in a new tab and reads right), navigation without reload. */
export function Link({ to, children, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const { navigate, path } = useRouter();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={BASE + (to === '/' ? '' : to)} onClick={onClick} aria-current={path === to ? 'page' : undefined} {...rest}>
      {children}
    </a>
  );
}
