import { describeError } from '../api/errors';
import { useUploadLimits } from '../lib/upload-limits';

/** An error (role=alert, read out at once) in plain words, the server's message and code behind "Details". */
export function ErrorAlert({ error }: { error: unknown }) {
  const limits = useUploadLimits();
  if (!error) return null;
  const { text, details } = describeError(error, limits);
  return (
    <div className="alert error" role="alert">
      <p>{text}</p>
      {details && (
        <details className="error-details">
          <summary>Details</summary>
          <code>{details}</code>
        </details>
      )}
    </div>
  );
}

/** A notice (role=status). */
export function Notice({ children }: { children: React.ReactNode }) {
  return (
    <div className="alert notice" role="status">
      {children}
    </div>
  );
}
