/** A size limit as people read it: whole mebibytes as "N MB", anything else in bytes ("2048 bytes", not "0.001953125 MB"). */
export function describeByteSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? `${mb} MB` : `${bytes} bytes`;
}
