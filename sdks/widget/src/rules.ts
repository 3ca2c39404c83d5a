import type { VerificationData } from './verification';

/** error: the field is marked invalid (aria-invalid) with the message; warning: the message only; ignore: nothing. */
export type Level = 'error' | 'warning' | 'ignore';

export type RuleName = 'didYouMean' | 'disposable' | 'invalid' | 'catchAll' | 'unknown' | 'role' | 'free';

/** `message` may name {email}, {suggestion} (the corrected address) and {domain} (its domain). */
export interface Rule {
  level: Level;
  message: string;
}

export type Rules = Record<RuleName, Rule>;

/** A rule as an option: a level alone keeps the default message. */
export type RuleOption = Level | Partial<Rule>;

export const DEFAULT_RULES: Rules = {
  didYouMean: { level: 'warning', message: 'Did you mean {domain}?' },
  disposable: { level: 'error', message: 'Disposable addresses are not accepted.' },
  invalid: { level: 'error', message: 'This address does not exist.' },
  catchAll: { level: 'ignore', message: 'This domain accepts any address, so this one could not be confirmed.' },
  unknown: { level: 'ignore', message: 'This address could not be confirmed right now.' },
  role: { level: 'ignore', message: 'Please use a personal address rather than a shared one such as info@.' },
  free: { level: 'ignore', message: 'Please use your work address.' },
};

// The first matching rule (not ignored) gives the message: a typo fix helps more than "does not exist".
const MATCHERS: Array<[RuleName, (data: VerificationData) => boolean]> = [
  ['didYouMean', (d) => Boolean(d.didYouMean) && d.didYouMean !== d.email],
  ['disposable', (d) => d.disposable || d.result === 'disposable'],
  ['invalid', (d) => d.result === 'invalid'],
  ['catchAll', (d) => d.result === 'catch_all'],
  ['unknown', (d) => d.result === 'unknown' || d.result === 'error'],
  ['role', (d) => d.role],
  ['free', (d) => d.free],
];

export function resolveRules(options: Partial<Record<RuleName, RuleOption>> = {}): Rules {
  const rules = { ...DEFAULT_RULES };
  for (const name of Object.keys(options) as RuleName[]) {
    if (!(name in DEFAULT_RULES)) throw new Error(`mailcheck-widget: unknown rule "${name}"`);
    const option = options[name]!;
    rules[name] = { ...DEFAULT_RULES[name], ...(typeof option === 'string' ? { level: option } : option) };
    if (!['error', 'warning', 'ignore'].includes(rules[name].level))
      throw new Error(`mailcheck-widget: rule "${name}" has level "${rules[name].level}" (error, warning or ignore)`);
  }
  return rules;
}

export interface Verdict {
  /** The most severe level among the rules that matched; none when no rule (not ignored) matched. */
  level: 'error' | 'warning' | 'none';
  rule: RuleName | null;
  message: string;
  /** The corrected address when the didYouMean rule gives the message: the one-click fix. */
  suggestion: string | null;
}

export function verdictFor(data: VerificationData, rules: Rules): Verdict {
  const matched = MATCHERS.filter(([name, matches]) => rules[name].level !== 'ignore' && matches(data)).map(
    ([name]) => name,
  );
  if (matched.length === 0) return { level: 'none', rule: null, message: '', suggestion: null };
  const rule = matched[0];
  const suggestion = rule === 'didYouMean' ? data.didYouMean : null;
  return {
    level: matched.some((name) => rules[name].level === 'error') ? 'error' : 'warning',
    rule,
    message: fill(rules[rule].message, data.email, suggestion),
    suggestion,
  };
}

/** Replaces {email}, {suggestion} and {domain} in a message or a label. */
export function fill(template: string, email: string, suggestion: string | null): string {
  const values: Record<string, string> = {
    email,
    suggestion: suggestion ?? '',
    domain: suggestion ? suggestion.slice(suggestion.lastIndexOf('@') + 1) : '',
  };
  return template.replace(/\{(email|suggestion|domain)\}/g, (_all, name: string) => values[name]);
}
