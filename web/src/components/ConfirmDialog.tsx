import { ReactNode, useEffect, useRef } from 'react';

/**
 * A confirmation step in the page for what cannot be undone: focus moves to its title so a keyboard or
 * screen-reader user hears what is about to happen before the confirm button.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card confirm" role="alertdialog" aria-labelledby="confirm-dialog-title">
      <h2 id="confirm-dialog-title" tabIndex={-1} ref={heading}>
        {title}
      </h2>
      {children}
      <button type="button" className="danger" disabled={busy} onClick={onConfirm}>
        {confirmLabel}
      </button>
      <button type="button" className="secondary" disabled={busy} onClick={onCancel}>
        Back
      </button>
    </section>
  );
}
