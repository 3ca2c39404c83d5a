import type { Verdict } from './rules';

let created = 0;

/**
 * The message under the field: a polite live region that exists (empty) from the start, so screen readers
 * announce what is written into it later, named by the input's aria-describedby. An error also sets
 * aria-invalid; a suggestion comes with a real button, reachable with Tab right after the field.
 */
export class InlineMessage {
  private readonly element: HTMLElement;
  private readonly owned: boolean;
  private readonly invalidBefore: string | null;

  constructor(
    private readonly input: HTMLInputElement,
    element: HTMLElement | null,
  ) {
    this.owned = element === null;
    this.element = element ?? document.createElement('div');
    if (!this.element.id) this.element.id = `mailcheck-message-${++created}`;
    this.element.classList.add('mailcheck-message');
    this.element.setAttribute('aria-live', 'polite');
    if (this.owned) input.insertAdjacentElement('afterend', this.element);
    this.invalidBefore = input.getAttribute('aria-invalid');
    const described = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    input.setAttribute('aria-describedby', [...described, this.element.id].join(' '));
  }

  show(verdict: Verdict, fixLabel: string, onFix: (suggestion: string) => void): void {
    this.clear();
    if (verdict.level === 'none') return;
    this.element.classList.add(`mailcheck-message--${verdict.level}`);
    const text = document.createElement('span');
    text.textContent = verdict.message;
    this.element.append(text);
    if (verdict.suggestion) {
      const suggestion = verdict.suggestion;
      const fix = document.createElement('button');
      fix.type = 'button';
      fix.className = 'mailcheck-fix';
      fix.textContent = fixLabel;
      fix.addEventListener('click', () => onFix(suggestion));
      this.element.append(' ', fix);
    }
    if (verdict.level === 'error') this.input.setAttribute('aria-invalid', 'true');
  }

  clear(): void {
    this.element.replaceChildren();
    this.element.classList.remove('mailcheck-message--error', 'mailcheck-message--warning');
    this.restoreInvalid();
  }

  remove(): void {
    this.clear();
    const described = (this.input.getAttribute('aria-describedby') ?? '').split(/\s+/);
    const rest = described.filter((id) => id && id !== this.element.id).join(' ');
    if (rest) this.input.setAttribute('aria-describedby', rest);
    else this.input.removeAttribute('aria-describedby');
    if (this.owned) this.element.remove();
  }

  private restoreInvalid(): void {
    if (this.invalidBefore === null) this.input.removeAttribute('aria-invalid');
    else this.input.setAttribute('aria-invalid', this.invalidBefore);
  }
}
