import type { RejectionCase } from './rejection-case';
import { GATEWAYS_REPLIES } from './gateways.fixture';
import { GMX_WEBDE_REPLIES } from './gmx-webde.fixture';
import { GOOGLE_RECIPIENT_REPLIES } from './google-recipient.fixture';
import { GOOGLE_SENDER_REPLIES } from './google-sender.fixture';
import { ICLOUD_REPLIES } from './icloud.fixture';
import { ISPS_AND_BOUNCES_REPLIES } from './isps-and-bounces.fixture';
import { MICROSOFT_RECIPIENT_REPLIES } from './microsoft-recipient.fixture';
import { MICROSOFT_SENDER_REPLIES } from './microsoft-sender.fixture';
import { YAHOO_AOL_REPLIES } from './yahoo-aol.fixture';
import { ZOHO_REPLIES } from './zoho.fixture';
import { PROVIDER_DEFAULT_REPLIES } from './mta-defaults-providers.fixture';
import { MTA_SOFTWARE_DEFAULT_REPLIES } from './mta-defaults-software.fixture';
import { GATEWAY_DEFAULT_REPLIES } from './mta-defaults-gateways.fixture';

export type { RejectionCase } from './rejection-case';

/** Replies taken from a named document or a real bounce, with its address. */
export const SOURCED_REJECTION_TEXTS: RejectionCase[] = [
  ...GATEWAYS_REPLIES,
  ...GMX_WEBDE_REPLIES,
  ...GOOGLE_RECIPIENT_REPLIES,
  ...GOOGLE_SENDER_REPLIES,
  ...ICLOUD_REPLIES,
  ...ISPS_AND_BOUNCES_REPLIES,
  ...MICROSOFT_RECIPIENT_REPLIES,
  ...MICROSOFT_SENDER_REPLIES,
  ...YAHOO_AOL_REPLIES,
  ...ZOHO_REPLIES,
];

/** Every reply the classifier is checked against: the sourced ones and the MTAs' default texts. */
export const REJECTION_TEXTS: RejectionCase[] = [
  ...SOURCED_REJECTION_TEXTS,
  ...PROVIDER_DEFAULT_REPLIES,
  ...MTA_SOFTWARE_DEFAULT_REPLIES,
  ...GATEWAY_DEFAULT_REPLIES,
];
