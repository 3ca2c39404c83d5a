import { useEffect, useRef } from 'react';

/** The first page of a visit keeps the browser's own focus order (skip link first). */
let firstPageShown = false;

/**
 * The page's h1. After an in-app navigation it takes focus, so keyboard and screen-reader users land
 * on the new page instead of staying on the link they pressed; on a form page the first field does.
 */
export function PageTitle({ children, formFirst = false }: { children: React.ReactNode; formFirst?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // formFirst: the page is a form with one obvious first field (sign-in), which takes focus instead.
    if (firstPageShown && !formFirst) ref.current?.focus();
    firstPageShown = true;
    document.title = `${typeof children === 'string' ? children : 'Dashboard'} · Mailcheck`;
  }, [children, formFirst]);
  return (
    <h1 tabIndex={-1} ref={ref}>
      {children}
    </h1>
  );
}
