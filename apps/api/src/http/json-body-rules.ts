/**
 * Deepest object/array nesting a JSON body may have; the deepest DTO needs 3. Nest's ValidationPipe
 * walks a body recursively, so a body nested thousands deep overflows the stack (a 500) unless it is
 * refused before parsing.
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x7b, 0x5b]); // { [
const CLOSERS = new Set([0x7d, 0x5d]); // } ]

/** Whether JSON text nests objects and arrays deeper than `max`; one pass over the text, brackets inside strings ignored. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (OPENERS.has(c)) {
      if (++depth > max) return true;
    } else if (CLOSERS.has(c)) {
      depth--;
    }
  }
  return false;
}

/**
 * What one JSON body may hold, checked in one linear pass before anything else reads it. class-transformer
 * de-duplicates an object's keys with `indexOf` (quadratic: 130,000 unknown keys cost 10 s of CPU), and
 * everything after parsing walks the whole value, so work per request is bounded here, far above what
 * any DTO needs (the largest, a 100-contact finder batch, has about 500 keys).
 */
export const JSON_BODY_BOUNDS = { keysPerObject: 1_000, keysInBody: 10_000, arrayItems: 10_000, stringLength: 65_536 } as const;

const LONE_SURROGATE = /\p{Cs}/u; // with the u flag a well-formed pair is one code point and never matches

/**
 * Why a parsed body breaks the bounds or holds a lone UTF-16 surrogate (a `\ud800` escape without its
 * pair; such text cannot be stored as UTF-8, written to an SMTP session or a CSV), or null. Recursive:
 * call it after the depth check.
 */
export function bodyProblem(body: unknown): string | null {
  let keys = 0;
  const visit = (value: unknown, at: string): string | null => {
    if (typeof value === 'string') {
      if (value.length > JSON_BODY_BOUNDS.stringLength) return `${at} is longer than ${JSON_BODY_BOUNDS.stringLength} characters.`;
      return LONE_SURROGATE.test(value) ? loneSurrogateAt(at) : null;
    }
    if (value === null || typeof value !== 'object') return null;
    if (Array.isArray(value)) {
      if (value.length > JSON_BODY_BOUNDS.arrayItems) return `${at} has more than ${JSON_BODY_BOUNDS.arrayItems} items.`;
      for (let i = 0; i < value.length; i++) {
        const problem = visit(value[i], `${at}[${i}]`);
        if (problem) return problem;
      }
      return null;
    }
    let own = 0;
    for (const key in value) {
      if (++own > JSON_BODY_BOUNDS.keysPerObject) return `${at} has more than ${JSON_BODY_BOUNDS.keysPerObject} keys.`;
      if (++keys > JSON_BODY_BOUNDS.keysInBody) return `The JSON body has more than ${JSON_BODY_BOUNDS.keysInBody} keys in all.`;
      if (LONE_SURROGATE.test(key)) return loneSurrogateAt(`a key of ${at}`);
      const problem = visit((value as Record<string, unknown>)[key], at === 'the body' ? key : `${at}.${key}`);
      if (problem) return problem;
    }
    return null;
  };
  return visit(body, 'the body');
}

const loneSurrogateAt = (at: string): string => `${at} has a lone UTF-16 surrogate (a \\uD800-\\uDFFF escape without its pair); send well-formed Unicode text.`;
