/** How long each mailed link works. */
export const LINK_LIFETIME_MS = {
  confirmEmail: 48 * 3_600_000,
  resetPassword: 3_600_000,
  changeEmail: 24 * 3_600_000,
} as const;

export const isoAfter = (now: number, ms: number): string => new Date(now + ms).toISOString();
