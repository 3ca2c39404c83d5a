export type OpenAccount = {
  type: 'OpenAccount';
  accountId: string;
  name: string;
  ownerKey: { keyId: string; secretHash: string };
  at: string;
};
export type IssueApiKey = { type: 'IssueApiKey'; keyId: string; secretHash: string; label: string; at: string };
export type RevokeApiKey = { type: 'RevokeApiKey'; keyId: string; at: string };
export type RotateApiKey = { type: 'RotateApiKey'; keyId: string; secretHash: string; at: string };

export type AccountCommand = OpenAccount | IssueApiKey | RevokeApiKey | RotateApiKey;
