import { useEffect, useRef } from 'react';

/** The page's h1; it takes focus when the page opens, so keyboard and screen-reader users land on the new page. */
export function PageTitle({ children }: { children: React.ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
    document.title = `${typeof children === 'string' ? children : 'Dashboard'} · Mailcheck`;
  }, [children]);
  return <h1 tabIndex={-1} ref={ref}>{children}</h1>;
}
