import { ErrorCodes } from '@lib/common';
import type { Outcome } from './raw-http';

const STATUS_BY_CODE = new Map<number, number>(Object.values(ErrorCodes).map((entry) => [entry.code, entry.status]));

/** Signs that an internal error reached the client: stack frames, source paths, runtime error names. */
const LEAKS: Array<[string, RegExp]> = [
  ['a stack frame', /\n\s+at \S|\bat .+\.[jt]s:\d+/],
  ['a source file', /\.[jt]s:\d+|node_modules|\/src\//],
  ['the working directory', new RegExp(process.cwd().replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
  ['a runtime error name', /\b(TypeError|ReferenceError|RangeError|SyntaxError|Maximum call stack)\b/],
  ['a property access failure', /Cannot read propert|Cannot convert|is not a function|is not iterable/],
];

/** Every way an answer breaks the service standard; empty when it keeps it. */
export function violationsOf(outcome: Outcome): string[] {
  if (outcome.failure) return [`no HTTP answer: ${outcome.failure}`];
  const problems: string[] = [];
  if (outcome.status >= 500) problems.push(`status ${outcome.status}`);
  if (!/^application\/json\b/.test(outcome.contentType)) problems.push(`content type "${outcome.contentType}"`);
  let body: any;
  try {
    body = JSON.parse(outcome.text);
  } catch {
    return [...problems, `body is not JSON: ${outcome.text.slice(0, 120)}`];
  }
  if (outcome.status < 400) {
    if (body?.status !== 'success' || body.error !== null)
      problems.push(`success without the success envelope: ${outcome.text.slice(0, 120)}`);
    return problems;
  }
  const error = body?.error;
  if (
    body?.status !== 'error' ||
    body.data !== null ||
    typeof error?.code !== 'number' ||
    typeof error.message !== 'string' ||
    !error.message.trim()
  ) {
    return [...problems, `not the error envelope: ${outcome.text.slice(0, 120)}`];
  }
  const catalogued = STATUS_BY_CODE.get(error.code);
  if (catalogued === undefined) problems.push(`code ${error.code} is not in the catalogue`);
  else if (catalogued !== outcome.status)
    problems.push(`code ${error.code} belongs to status ${catalogued}, answered with ${outcome.status}`);
  for (const [what, pattern] of LEAKS)
    if (pattern.test(error.message)) problems.push(`message shows ${what}: ${error.message.slice(0, 160)}`);
  return problems;
}

/** What an accepted answer says it charged (verification single and batch, finder), with its verdict. */
export function reportedCharge(outcome: Outcome): { credits: number; subResult: string | null } {
  if (outcome.status >= 300) return { credits: 0, subResult: null };
  try {
    const data = JSON.parse(outcome.text)?.data;
    return {
      credits: Number(data?.summary?.creditsCharged ?? data?.creditsCharged ?? 0),
      subResult: data?.subResult ?? null,
    };
  } catch {
    return { credits: 0, subResult: null };
  }
}
