/**
 * The hidden field that carries the verification token to the form's back end: an existing field of that
 * name in the form is reused; otherwise one is added to the form (or after the input outside a form).
 */
export class TokenField {
  private readonly field: HTMLInputElement;
  private readonly owned: boolean;

  constructor(input: HTMLInputElement, name: string) {
    const existing = input.form?.elements.namedItem(name);
    this.owned = !(existing instanceof HTMLInputElement);
    this.field = existing instanceof HTMLInputElement ? existing : document.createElement('input');
    if (this.owned) {
      this.field.type = 'hidden';
      this.field.name = name;
      if (input.form) input.form.append(this.field);
      else input.insertAdjacentElement('afterend', this.field);
    }
    this.field.value = '';
  }

  set(token: string): void {
    this.field.value = token;
  }

  clear(): void {
    this.field.value = '';
  }

  remove(): void {
    if (this.owned) this.field.remove();
    else this.clear();
  }
}
