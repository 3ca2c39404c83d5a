/** Printable ASCII but `"` and `\`: keys of at most 3 characters number 91^3. */
const KEY_ALPHABET = Array.from({ length: 0x7f - 0x23 }, (_, i) => String.fromCharCode(0x23 + i)).filter(
  (c) => c !== '\\',
);

function shortKey(index: number): string {
  let key = '';
  for (let n = index; key === '' || n > 0; n = Math.floor(n / KEY_ALPHABET.length))
    key += KEY_ALPHABET[n % KEY_ALPHABET.length];
  return key;
}

/** The given fields plus 130,000 short unknown keys: just under the 1 MiB body limit, as in the attack pass (issue 12). */
export function manyKeysBody(fields: Record<string, unknown>, count = 130_000): string {
  const keys = Array.from({ length: count }, (_, i) => `"${shortKey(i)}":0`).join(',');
  return `{${JSON.stringify(fields).slice(1, -1)},${keys}}`;
}
