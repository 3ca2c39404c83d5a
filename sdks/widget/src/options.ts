import { resolveRules, RuleName, RuleOption, Rules } from './rules';

export interface WidgetOptions {
  /** A publishable key (mck_pub_…) listing this page's origin. */
  key: string;
  /** The service's address, such as https://verify.example.com. */
  baseUrl: string;
  /** Per rule: a level ('error', 'warning', 'ignore') or { level, message }. */
  rules?: Partial<Record<RuleName, RuleOption>>;
  /** Name of the hidden field that carries the verification token to the back end. */
  tokenField?: string;
  /** Quiet time after the last keystroke before checking. */
  debounceMs?: number;
  /** A slower answer is dropped and the field left unchecked. */
  timeoutMs?: number;
  /** Label of the one-click fix button; may name {suggestion} and {domain}. */
  fixLabel?: string;
  /** Where the message goes; by default an element created right after the input. */
  messageElement?: HTMLElement;
}

export interface Settings {
  key: string;
  baseUrl: string;
  rules: Rules;
  tokenField: string;
  debounceMs: number;
  timeoutMs: number;
  fixLabel: string;
  messageElement: HTMLElement | null;
}

export function resolveOptions(options: WidgetOptions): Settings {
  if (!options || typeof options.key !== 'string' || !options.key)
    throw new Error('mailcheck-widget: options.key (a publishable key) is required');
  if (!/^https?:\/\//.test(options.baseUrl ?? ''))
    throw new Error('mailcheck-widget: options.baseUrl (such as https://verify.example.com) is required');
  return {
    key: options.key,
    baseUrl: options.baseUrl,
    rules: resolveRules(options.rules),
    tokenField: options.tokenField ?? 'mailcheckToken',
    debounceMs: nonNegative(options.debounceMs, 600, 'debounceMs'),
    timeoutMs: nonNegative(options.timeoutMs, 3000, 'timeoutMs'),
    fixLabel: options.fixLabel ?? 'Use {suggestion}',
    messageElement: options.messageElement ?? null,
  };
}

function nonNegative(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`mailcheck-widget: ${name} must be a number >= 0`);
  return value;
}
