import { useEffect, useRef } from 'react';

/** The first page of a visit keeps the browser's own focus order (skip link first). */
let firstPageShown = false;

/**
 * The page's h1. After an in-app navigation it takes focus, so keyboard and screen-reader users land
 * on the new page instead of staying on the link they pressed.
 */
export function PageTitle({ children }: { children: React.ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (firstPageShown) ref.current?.focus();
    firstPageShown = true;
    document.title = `${typeof children === 'string' ? children : 'Dashboard'} · Mailcheck`;
  }, [children]);
  return (
    <h1 tabIndex={-1} ref={ref}>
      {children}
    </h1>
  );
}
