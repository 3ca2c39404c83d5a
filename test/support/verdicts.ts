import { PublicVerdict, RESULT_CODES } from '@lib/verification-engine';

/**
 * A verdict's public fields for specs that record or fold one (an `ok` at an ordinary mailbox unless
 * `overrides` say otherwise): the one place a spec gets the dozen fields from, so a field added to
 * PublicVerdict is added here once.
 */
export function aVerdict<T extends Partial<PublicVerdict> & object>(overrides: T = {} as T): PublicVerdict & T {
  const result = overrides.result ?? 'ok';
  return {
    result,
    resultCode: RESULT_CODES[result],
    subResult: null,
    quality: 'good',
    free: false,
    role: false,
    disposable: false,
    catchAll: false,
    didYouMean: null,
    provider: '',
    antiSpam: false,
    riskScore: 10,
    ...overrides,
  };
}
