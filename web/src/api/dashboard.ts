import type { components } from './generated/openapi';

/**
 * The self-service back end (/dashboard/v1, docs/dashboard-api.md): its routes, and names for the
 * schemas the pages read, generated from the OpenAPI document into ./generated (`npm run
 * generate:web-api`; test/tooling/web-api-types.local.spec.ts fails when they are stale).
 */
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
  limits: '/dashboard/v1/limits',
  retention: '/dashboard/v1/retention',
  erasures: '/dashboard/v1/erasures',
  closeAccount: '/dashboard/v1/account/close',
};

type Schemas = components['schemas'];

export type Me = Schemas['DashboardUserModel'];
export type ApiKey = Schemas['TeamKeyModel'];
export type ApiKeyList = Schemas['TeamKeyListModel'];
export type CreatedKey = Schemas['CreatedKeyModel'];
export type Member = Schemas['TeamMemberModel'];
export type TeamRole = Member['role'];
/** The team whose balance the signed-in user spends, and their role in it. */
export type Team = Schemas['TeamModel'];
export type Invitation = Schemas['InvitationModel'];
/** GET /team/invites: an invitation not yet accepted, withdrawn or expired (owners and admins). */
export type PendingInvite = Schemas['PendingInviteModel'];
export type PendingInviteList = Schemas['PendingInviteListModel'];
export type RemovedMember = Schemas['RemovedMemberModel'];
export type Package = Schemas['PackageModel'];
export type Promotion = Schemas['PromotionModel'];
export type Catalogue = Schemas['CatalogueModel'];
export type Order = Schemas['OrderModel'];
export type OrderPage = Schemas['OrderPageModel'];
export type Checkout = Schemas['CheckoutModel'];
export type Session = Schemas['SessionModel'];
export type SessionList = Schemas['SessionListModel'];
/** The list-upload limits this server enforces (JOB_MAX_UPLOAD_BYTES, JOB_MAX_UNIQUE_EMAILS). */
export type UploadLimits = Schemas['UploadLimitsModel'];
/** How long the team's data is kept, and the bounds the operator allows (docs/personal-data.md, Retention). */
export type Retention = Schemas['RetentionModel'];
/** What an erasure covered and where it stands (docs/personal-data.md, Erasure). */
export type ErasureReceipt = Schemas['ErasureReceiptDto'];
/** POST /account/close: keys revoked, members removed, and the account's erasure. */
export type ClosedAccount = Schemas['ClosedAccountModel'];

/** Order status as the spec numbers it. */
export const ORDER_STATUS: Record<number, string> = { 1: 'Pending', 2: 'Completed', 3: 'Failed', 4: 'Refunded' };

/** Automatic top-up: when a charge takes the balance below the threshold, one order of the package. */
export type AutoTopupSettings = Schemas['AutoTopupSettingsModel'];
export type AutoTopup = NonNullable<AutoTopupSettings['settings']>;
/** GET /team/usage: per day (UTC) and result, per key and per member, over the last `days` days. */
export type Usage = Schemas['TeamUsageModel'];
