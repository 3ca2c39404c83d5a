// The public surface of erasure: an account's erasures as events of their own (`erasures-<accountId>`), the
// requests that record them, the workflow the worker runs (keys destroyed first, then read models, blobs and
// the bus cleaned), and the receipts shown to auditors. docs/personal-data.md describes each kind.
export { AddressErasureModule, ErasureModule, ErasureWorkerModule } from './erasure.module';
export { AddressErasureRequests } from './request-address-erasure/address-erasure-requests.service';
export { AccountErasureRequests } from './request-account-erasure/account-erasure-requests.service';
export { ErasureRequests } from './request-erasure/erasure-requests.service';
export { ErasureReceipts } from './query-erasures/erasure-receipts.query';
export { ERASURE_PERSONAL_DATA } from './domain/erasure-personal-data';
