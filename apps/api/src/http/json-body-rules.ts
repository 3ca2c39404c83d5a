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

const LONE_SURROGATE = /\p{Cs}/u; // with the u flag a well-formed pair is one code point and never matches

/**
 * Whether a parsed body holds a lone UTF-16 surrogate (a `\ud800` escape without its pair) in a
 * string or a key. Such text cannot be stored as UTF-8 (MongoDB replaces it), written to an SMTP
 * session or a CSV, so it is refused rather than silently altered. Recursive: call it after the
 * depth check.
 */
export function hasLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, item]) => LONE_SURROGATE.test(key) || hasLoneSurrogate(item));
}
