import { InlineMessage } from './inline-message';
import { resolveOptions, WidgetOptions } from './options';
import { fill, Verdict, verdictFor } from './rules';
import { TokenField } from './token-field';
import type { UnavailableReason, VerificationData } from './verification';
import { requestVerification } from './verify-client';

// Each check costs a credit: only a complete-looking address (name@host.tld) is sent.
const CHECKABLE = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

/** detail of the `mailcheck:result` event, dispatched on the input (it bubbles) after each answer. */
export interface ResultDetail {
  email: string;
  verdict: Verdict;
  data: VerificationData;
}

/** detail of `mailcheck:unavailable`: no answer is used (slow, down, refused origin, rate-limited). */
export interface UnavailableDetail {
  email: string;
  reason: UnavailableReason;
  status: number | null;
  code: number | null;
  message: string;
}

export interface Widget {
  /** Checks the current value now (what the debounce does after typing stops); resolves once it is shown. */
  check(): Promise<void>;
  /** Removes the listeners, the message, the hidden field (if it added it) and its aria attributes. */
  detach(): void;
}

/**
 * Attaches the checks to an email input. The widget only informs: it never stops a submit, and whatever
 * goes wrong on the way to the service (slow, down, refused) leaves the field as if it were not there.
 */
export function attach(target: HTMLInputElement | string, options: WidgetOptions): Widget {
  const input = typeof target === 'string' ? document.querySelector(target) : target;
  if (!(input instanceof HTMLInputElement)) throw new Error(`mailcheck-widget: no input element for ${String(target)}`);
  const settings = resolveOptions(options);
  const message = new InlineMessage(input, settings.messageElement);
  const token = new TokenField(input, settings.tokenField);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: AbortController | null = null;
  // The value the message and the token are about, or that a check in flight is for.
  let checked = '';

  const emit = (name: string, detail: ResultDetail | UnavailableDetail) =>
    input.dispatchEvent(new CustomEvent(name, { detail, bubbles: true }));

  const reset = () => {
    clearTimeout(timer);
    current?.abort();
    current = null;
    checked = '';
    message.clear();
    token.clear();
  };

  const check = async (): Promise<void> => {
    clearTimeout(timer);
    const email = input.value.trim();
    if (email === checked) return;
    reset();
    if (!CHECKABLE.test(email)) return;
    checked = email;
    const controller = (current = new AbortController());
    const outcome = await requestVerification(email, { ...settings, signal: controller.signal });
    if (controller !== current) return;
    current = null;
    if (outcome.kind === 'answer') {
      const verdict = verdictFor(outcome.data, settings.rules);
      message.show(verdict, fill(settings.fixLabel, email, verdict.suggestion), accept);
      token.set(outcome.data.verificationToken ?? '');
      emit('mailcheck:result', { email, verdict, data: outcome.data });
    } else if (outcome.kind === 'unavailable') {
      const { reason, status, code, message: text } = outcome;
      emit('mailcheck:unavailable', { email, reason, status, code, message: text });
    }
  };

  // The fix: the corrected address replaces the value (frameworks hear an input event), focus goes back to
  // the field (the button is about to disappear) and the new address is checked at once.
  const accept = (suggestion: string) => {
    input.value = suggestion;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.focus();
    void check();
  };

  const onInput = () => {
    if (input.value.trim() !== checked) reset();
    timer = setTimeout(() => void check(), settings.debounceMs);
  };
  const onBlur = () => void check();
  input.addEventListener('input', onInput);
  input.addEventListener('blur', onBlur);

  return {
    check,
    detach() {
      reset();
      input.removeEventListener('input', onInput);
      input.removeEventListener('blur', onBlur);
      message.remove();
      token.remove();
    },
  };
}
