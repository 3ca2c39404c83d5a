import { RESULT_LABELS } from '../api/generated/result-lists';

/** The service's words for each result (a file without imports): a `format=simple` download says the same. */
const label = (name: string): string => RESULT_LABELS.find((r) => r.name === name)!.label;

/** The six verification results, in the order charts and filters show them, with what each means for sending. */
export const RESULTS = [
  { name: 'ok', label: label('ok'), color: '#1b7f3b', meaning: 'The mailbox exists and accepts mail. Safe to send.' },
  {
    name: 'catch_all',
    label: label('catch_all'),
    color: '#8a5a00',
    meaning: 'The domain accepts every address, so this one cannot be confirmed. Send with care.',
  },
  {
    name: 'unknown',
    label: label('unknown'),
    color: '#5b5f66',
    meaning: 'The mail server did not give a clear answer (greylisting, timeouts). Free; retry later.',
  },
  {
    name: 'disposable',
    label: label('disposable'),
    color: '#7a3db8',
    meaning: 'A throwaway mailbox provider. Usually not worth sending to.',
  },
  {
    name: 'invalid',
    label: label('invalid'),
    color: '#b3261e',
    meaning: 'The address is malformed, the domain has no mail server, or the mailbox does not exist. Do not send.',
  },
  {
    name: 'error',
    label: label('error'),
    color: '#3d5a80',
    meaning: 'We could not check this address because of a problem on our side or the network. Free; retry later.',
  },
] as const;

export type ResultName = (typeof RESULTS)[number]['name'];

export function resultInfo(name: string) {
  return RESULTS.find((r) => r.name === name) ?? { name, label: name, color: '#5b5f66', meaning: '' };
}
