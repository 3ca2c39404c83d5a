import type { ApiKey } from '../api/dashboard';

export type KeyKind = ApiKey['kind'];

/**
 * The three kinds of key, in the order the form offers them, each with the one line that tells them
 * apart (a Record, so a kind the API adds must be described here).
 */
const KINDS: Record<KeyKind, { name: string; line: string }> = {
  live: {
    name: 'Live',
    line: "A secret for your servers: verifies real addresses and spends your team's credits.",
  },
  test: {
    name: 'Test',
    line: 'A secret for trying the API: answers from the magic test addresses with a test balance, never probes a real mail server.',
  },
  publishable: {
    name: 'Publishable',
    line: 'For sign-up forms in your web pages: checks single addresses, only from the web origins you list.',
  },
};

export const KEY_KINDS = Object.entries(KINDS).map(([kind, about]) => ({ kind: kind as KeyKind, ...about }));

export const kindName = (kind: KeyKind): string => KINDS[kind].name;

/** What to do with a new key's secret, shown once: a publishable key is the one safe to put in a page. */
export const SECRET_ADVICE: Record<KeyKind, string> = {
  live: 'Copy it and keep it on your server, never in a web page or app.',
  test: 'Copy it and keep it on your server. It spends the test balance, never your credits.',
  publishable:
    'Copy it into your sign-up form: it is safe to put in a web page, because it only checks single addresses, and only from the origins you listed.',
};
