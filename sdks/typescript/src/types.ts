// Names for the generated schemas (src/generated/api.ts, from the service's OpenAPI document).
import type { components } from './generated/api.js';

type Schemas = components['schemas'];
export type VerificationResult = Schemas['VerificationResultModel'];
export type SingleVerification = Schemas['SingleVerificationModel'];
export type CheckedToken = Schemas['CheckedTokenModel'];
export type TokenKeySet = Schemas['TokenKeySetModel'];
export type BatchResponse = Schemas['BatchResponseModel'];
export type FinderRequest = Schemas['FinderRequestDto'];
export type FinderResult = Schemas['FinderResultModel'];
export type FinderBatch = Schemas['FinderBatchModel'];
export type FinderContact = NonNullable<FinderRequest>;
export type VerificationJobView = Schemas['JobDto'];
export type FinderJobView = Schemas['FinderJobDto'];
export type JobView = VerificationJobView | FinderJobView;
export type JobPage = Schemas['JobPageDto'];
export type FinderJobPage = Schemas['FinderJobPageDto'];
export type Balance = Schemas['BalanceModel'];
export type TransactionPage = Schemas['TransactionPageModel'];
export type Catalogue = Schemas['CatalogueModel'];
export type OrderPage = Schemas['OrderPageModel'];
export type TestBalance = Schemas['TestBalanceModel'];
export type Webhook = Schemas['WebhookModel'];
export type WebhookWithSecret = Schemas['WebhookWithSecretModel'];
export type CreateWebhook = Schemas['CreateWebhookDto'];
export type UpdateWebhook = Schemas['UpdateWebhookDto'];
export type DeletedWebhook = Schemas['DeletedWebhookModel'];
export type TestDelivery = Schemas['TestDeliveryModel'];
export type DeliveryPage = Schemas['DeliveryPageModel'];
export type ApiErrorBody = Schemas['ApiErrorBody'];
export type { components, paths } from './generated/api.js';
/** What an erasure covered and where it stands: a job by id, an address only by its keyed digest. */
export type ErasureReceipt = Schemas['ErasureReceiptDto'];
export type ErasureList = Schemas['ErasureListDto'];
