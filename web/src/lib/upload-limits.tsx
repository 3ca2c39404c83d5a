import { createContext, useContext, useEffect, useState } from 'react';
import { api } from '../api/client';
import { DASHBOARD, UploadLimits } from '../api/dashboard';

/**
 * The list-upload limits the server enforces (GET /dashboard/v1/limits, from its configuration), read
 * once per signed-in visit. null until they arrive (or when the call failed): the pages then say no
 * number rather than a guessed one, and the server still refuses what is over its limits.
 */
const UploadLimitsContext = createContext<UploadLimits | null>(null);

export function UploadLimitsProvider({ children }: { children: React.ReactNode }) {
  const [limits, setLimits] = useState<UploadLimits | null>(null);
  useEffect(() => {
    let closed = false;
    api<UploadLimits>('GET', DASHBOARD.limits).then(
      (answer) => !closed && setLimits(answer),
      () => undefined,
    );
    return () => {
      closed = true;
    };
  }, []);
  return <UploadLimitsContext.Provider value={limits}>{children}</UploadLimitsContext.Provider>;
}

export const useUploadLimits = () => useContext(UploadLimitsContext);

/** Bytes as people read a file size limit: "50 MB", "1.5 MB", "2 KB". */
export function formatBytes(bytes: number): string {
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'MB'] : [bytes / 1024, 'KB'];
  return `${Number(value.toFixed(1)).toLocaleString('en')} ${unit}`;
}

/** Why the server would refuse this file for its size, before a byte is sent; null when it is within the limit. */
export function oversizeRefusal(file: { name: string; size: number }, limits: UploadLimits | null): string | null {
  if (!limits || file.size <= limits.maxUploadBytes) return null;
  const limit = formatBytes(limits.maxUploadBytes);
  return `${file.name} is ${formatBytes(file.size)}, over the ${limit} upload limit. Split the file into parts under ${limit}.`;
}
