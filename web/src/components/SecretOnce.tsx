import { useEffect, useRef, useState } from 'react';

/**
 * A secret shown once, with a copy button; it is gone when the user says they saved it. `advice`: what
 * to do with it, when "keep it somewhere safe" is not the whole story (a publishable key goes in a page).
 */
export function SecretOnce({
  label,
  value,
  onDone,
  advice = 'Copy it and keep it somewhere safe.',
}: {
  label: string;
  value: string;
  onDone: () => void;
  advice?: string;
}) {
  const [copied, setCopied] = useState(false);
  const region = useRef<HTMLDivElement>(null);
  // It appears after the form that made it: focus moves to it so keyboard and screen reader users find it.
  useEffect(() => region.current?.focus(), [value]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div ref={region} tabIndex={-1} className="card secret" role="region" aria-label={label}>
      <p>
        <strong>{label}</strong>: shown only now. {advice}
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
