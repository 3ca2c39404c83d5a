export { attach } from './widget';
export type { ResultDetail, UnavailableDetail, Widget } from './widget';
export type { WidgetOptions } from './options';
export { DEFAULT_RULES } from './rules';
export type { Level, Rule, RuleName, RuleOption, Rules, Verdict } from './rules';
export type { UnavailableReason, VerificationData } from './verification';
