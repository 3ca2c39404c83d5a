import { RefObject, useEffect } from 'react';

/**
 * After a form's errors change (each submit sets a new object), moves focus to the first control that an
 * error describes, so a keyboard or screen reader user lands on it and hears why (WCAG 3.3.1).
 */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>, errors: object): void {
  useEffect(() => {
    if (!form.current || Object.keys(errors).length === 0) return;
    const controls = form.current.querySelectorAll<HTMLElement>('input, textarea, select');
    const first = [...controls].find((control) =>
      (control.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .some((id) => id && document.getElementById(id)?.classList.contains('field-error')),
    );
    first?.focus();
  }, [form, errors]);
}
