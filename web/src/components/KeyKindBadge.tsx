import { kindName, KeyKind } from '../lib/key-kinds';

/** A key's kind as a badge: test keys stand out from live ones so nobody mistakes one for the other. */
export function KeyKindBadge({ kind }: { kind: KeyKind }) {
  return (
    <span className={`badge key-kind key-kind-${kind}`} data-testid="key-kind">
      {kindName(kind)}
    </span>
  );
}
