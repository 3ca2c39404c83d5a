import { useId } from 'react';
import { KEY_KINDS, KeyKind } from '../lib/key-kinds';

/** The kind of a new key: three radio buttons, each with the line that says what the kind is for. */
export function KeyKindChoice({
  value,
  onChange,
  error,
}: {
  value: KeyKind;
  onChange: (kind: KeyKind) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset className="key-kinds" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Kind of key</legend>
      {KEY_KINDS.map(({ kind, name, line }) => (
        <div className={`kind-option kind-${kind}`} key={kind}>
          <input
            id={`${id}-${kind}`}
            type="radio"
            name={`${id}-kind`}
            value={kind}
            checked={value === kind}
            aria-describedby={[error ? `${id}-error` : null, `${id}-${kind}-line`].filter(Boolean).join(' ')}
            onChange={() => onChange(kind)}
          />
          <label htmlFor={`${id}-${kind}`}>{name}</label>
          <p id={`${id}-${kind}-line`} className="hint">
            {line}
          </p>
        </div>
      ))}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
