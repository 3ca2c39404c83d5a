/**
 * Windows-1252 is Latin-1 but for 0x80-0x9F, where it has € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™
 * š › œ ž Ÿ (the five unassigned bytes stay the C1 controls, as the WHATWG table has them). Written
 * out because Node 20's one-shot `TextDecoder('windows-1252').decode` gets those bytes wrong (its fast
 * path decodes them as Latin-1's C1 controls), and € and ’ are exactly what an Excel list holds.
 */
const HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** Decodes Windows-1252 bytes; every byte is one character, so chunks decode independently. */
export function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(/[\u0080-\u009f]/g, (ch) => HIGH[ch.charCodeAt(0) - 0x80]);
}
