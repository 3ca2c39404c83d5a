import { describeError } from '../api/errors';
import { useUploadLimits } from '../lib/upload-limits';

/** An error (role=alert, read out at once) or a notice (role=status). */
export function ErrorAlert({ error }: { error: unknown }) {
  const limits = useUploadLimits();
  if (!error) return null;
  return (
    <div className="alert error" role="alert">
      {describeError(error, limits)}
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
