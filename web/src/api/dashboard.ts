/** The self-service back end (/dashboard/v1, docs/dashboard-api.md): routes and the shapes the pages read. */
export const DASHBOARD = {
  me: '/dashboard/v1/me',
  signUp: '/dashboard/v1/sign-up',
  confirm: '/dashboard/v1/confirm-email',
  resendConfirmation: '/dashboard/v1/resend-confirmation',
  signIn: '/dashboard/v1/sign-in',
  signOut: '/dashboard/v1/sign-out',
  resetRequest: '/dashboard/v1/password-reset/request',
  resetConfirm: '/dashboard/v1/password-reset/confirm',
  emailChangeConfirm: '/dashboard/v1/email-change/confirm',
  sessions: '/dashboard/v1/sessions',
  password: '/dashboard/v1/password',
  email: '/dashboard/v1/email',
  keys: '/dashboard/v1/keys',
  team: '/dashboard/v1/team',
  invites: '/dashboard/v1/team/invites',
  acceptInvite: '/dashboard/v1/team/invites/accept',
  usage: '/dashboard/v1/team/usage',
  checkout: '/dashboard/v1/billing/checkout',
  orders: '/dashboard/v1/billing/orders',
  autoTopup: '/dashboard/v1/billing/auto-topup',
};

export interface Me {
  userId: string;
  email: string;
  name: string;
  accountId: string;
}

export interface ApiKey {
  keyId: string;
  label: string;
  createdAt: string;
  /** To the minute. */
  lastUsedAt: string | null;
  revokedAt: string | null;
  rotatedAt: string | null;
  /** null for keys an operator made. */
  owner: { userId: string; email: string } | null;
}

export interface CreatedKey {
  keyId: string;
  apiKey: string;
}

export type TeamRole = 'owner' | 'admin' | 'member';
export interface Member {
  userId: string;
  email: string;
  name: string;
  role: TeamRole;
  joinedAt: string;
}
/** The team whose balance the signed-in user spends, and their role in it. */
export interface Team {
  accountId: string;
  role: TeamRole;
  members: Member[];
}
export interface Invitation {
  email: string;
  role: string;
  expiresAt: string;
}
/** GET /team/invites: an invitation not yet accepted, withdrawn or expired (owners and admins). */
export interface PendingInvite {
  inviteId: string;
  email: string;
  role: string;
  invitedBy: string;
  invitedAt: string;
  expiresAt: string;
}

export interface Package {
  id: number;
  name: string;
  credits: number;
  bonusCredits: number;
  priceUsd: number;
  unitPriceUsd: number;
  currency: string;
}
export interface Promotion {
  id: number;
  name: string;
  description: string;
  bonusPercent: number;
  discountPercent: number;
  packageIds: number[] | null;
}
export interface Catalogue {
  packages: Package[];
  promotions: Promotion[];
}

/** Order status as the spec numbers it. */
export const ORDER_STATUS: Record<number, string> = { 1: 'Pending', 2: 'Completed', 3: 'Failed', 4: 'Refunded' };

export interface Order {
  id: number;
  packageId: number;
  promotionId: number | null;
  totalCreditsAdded: number;
  amountUsd: number;
  discountUsd: number;
  finalAmountUsd: number;
  status: number;
  failureReason: string | null;
  invoiceNumber: string;
  isAutoTopup: boolean;
  createdAt: string;
  completedAt: string | null;
}

export interface Checkout {
  orderId: string;
  status: 'Pending' | 'Completed' | 'Failed';
  processor: 'manual' | 'stripe';
  clientSecret: string | null;
}

export interface Session {
  sessionId: string;
  userAgent: string;
  address: string;
  startedAt: string;
  expiresAt: string;
  current: boolean;
}

/** Automatic top-up: when a charge takes the balance below the threshold, one order of the package. */
export interface AutoTopup {
  enabled: boolean;
  thresholdCredits: number;
  packageId: number;
}

interface UsageTotals {
  verifications: number;
  finderCalls: number;
  credits: number;
}
/** GET /team/usage: per day (UTC) and result, per key and per member, over the last `days` days. */
export interface Usage {
  from: string;
  to: string;
  daily: Array<UsageTotals & { day: string; byResult: Record<string, number> }>;
  byKey: Array<UsageTotals & { keyId: string; label: string | null; ownerUserId: string | null }>;
  byMember: Array<UsageTotals & { userId: string | null; email: string | null }>;
}
