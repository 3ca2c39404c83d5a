import { describeError } from '../api/errors';

/** An error (role=alert, read out at once) or a notice (role=status). */
export function ErrorAlert({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <div className="alert error" role="alert">
      {describeError(error)}
    </div>
  );
}

export function Notice({ children }: { children: React.ReactNode }) {
  return (
    <div className="alert notice" role="status">
      {children}
    </div>
  );
}
