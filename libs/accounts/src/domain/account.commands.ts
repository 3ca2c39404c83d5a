export type OpenAccount = {
  type: 'OpenAccount';
  accountId: string;
  name: string;
  /** Absent for a sign-up: its users create their keys from the dashboard. */
  ownerKey?: { keyId: string; secretHash: string };
  at: string;
};
/** userId: the dashboard user who created the key (absent for keys made by an operator). */
export type IssueApiKey = { type: 'IssueApiKey'; keyId: string; secretHash: string; label: string; userId?: string; at: string };
export type RevokeApiKey = { type: 'RevokeApiKey'; keyId: string; at: string };
export type RotateApiKey = { type: 'RotateApiKey'; keyId: string; secretHash: string; at: string };

export type AccountCommand = OpenAccount | IssueApiKey | RevokeApiKey | RotateApiKey;
