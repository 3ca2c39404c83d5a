import { useState } from 'react';

/** A secret shown once, with a copy button; it is gone when the user says they saved it. */
export function SecretOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="card secret" role="region" aria-label={label}>
      <p>
        <strong>{label}</strong>: shown only now. Copy it and keep it somewhere safe.
      </p>
      <code data-testid="secret-value" className="break">
        {value}
      </code>
      <div className="actions">
        <button type="button" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          I saved it
        </button>
      </div>
      <p role="status" className="hint">
        {copied ? 'Copied to the clipboard.' : ''}
      </p>
    </div>
  );
}
