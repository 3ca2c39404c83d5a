"""Types of the service's API, generated from its OpenAPI document by sdks/openapi/python_types.py.

Do not edit: run sdks/openapi/generate.sh against a running service instead.
"""
# fmt: off
from typing import Any, Dict, List, Literal, Optional, TypedDict, Union

class _ApiErrorBodyRequired(TypedDict):
    code: int
    message: str


class ApiErrorBody(_ApiErrorBodyRequired, total=False):
    duplicateOf: Any


class BalanceModel(TypedDict):
    balance: int
    held: int
    available: int
    updatedAt: Optional[str]
    asOf: str
    maxStalenessSeconds: int


class BatchResponseModel(TypedDict):
    results: List["VerificationResultModel"]
    summary: "BatchSummaryModel"


class BatchSummaryModel(TypedDict):
    total: int
    valid: int
    invalid: int
    catchAll: int
    unknown: int
    disposable: int
    error: int
    creditsCharged: int
    creditsRemaining: int


class CatalogueModel(TypedDict):
    packages: List["PackageModel"]
    promotions: List["PromotionModel"]
    trialCredits: int


class CheckTokenDto(TypedDict):
    token: str
    email: str


class CheckedTokenModel(TypedDict):
    valid: Literal[True]
    email: str
    result: Literal["ok", "invalid", "catch_all", "unknown", "disposable", "error"]
    subResult: Optional[str]
    keyId: str
    tokenId: str
    issuedAt: str
    expiresAt: str


class _CreateWebhookDtoRequired(TypedDict):
    url: str
    events: List[Union[Literal[1, 2, 3], Literal["job.completed", "job.failed", "job.files_expiring"]]]


class CreateWebhookDto(_CreateWebhookDtoRequired, total=False):
    isActive: bool


class DeletedWebhookModel(TypedDict):
    id: int
    deleted: Literal[True]


class DeliveryAttemptModel(TypedDict):
    attempt: int
    status: Optional[int]
    durationMs: int
    error: Optional[str]
    attemptedAt: str


class _DeliveryModelRequired(TypedDict):
    id: str
    webhookId: int
    eventId: str
    eventType: Literal["job.completed", "job.failed", "job.files_expiring", "webhook.test"]
    status: Literal["pending", "succeeded", "failed"]
    attempts: List["DeliveryAttemptModel"]
    createdAt: str


class DeliveryModel(_DeliveryModelRequired, total=False):
    nextAttemptAt: Optional[Dict[str, Any]]
    failureReason: Optional[str]
    completedAt: Optional[Dict[str, Any]]


class DeliveryPageModel(TypedDict):
    items: List["DeliveryModel"]
    page: int
    pageSize: int
    total: int
    totalPages: int


class DuplicateOfDto(TypedDict):
    jobId: int
    createdAt: str


class EchoedContactModel(TypedDict):
    firstName: Union[Optional[str], float, bool, Dict[str, Any], List[Any]]
    lastName: Union[Optional[str], float, bool, Dict[str, Any], List[Any]]
    domain: Union[Optional[str], float, bool, Dict[str, Any], List[Any]]


class EmailColumnDto(TypedDict):
    index: int
    chosenBy: Literal["request", "header", "values"]
    headerName: Optional[str]


class EraseAddressDto(TypedDict):
    address: str


class ErasureListDto(TypedDict):
    items: List["ErasureReceiptDto"]


class ErasureReceiptDto(TypedDict):
    erasureId: str
    target: "ErasureTargetDto"
    requestedBy: "ErasureRequesterDto"
    requestedAt: str
    status: Literal["erasing", "done"]
    scopes: List[str]
    keysDestroyed: int
    keysDestroyedAt: Optional[str]
    inForceAt: Optional[str]
    removed: Dict[str, int]
    completedAt: Optional[str]


class ErasureRequesterDto(TypedDict):
    keyId: str
    userId: Optional[str]


class _ErasureTargetDtoRequired(TypedDict):
    kind: Literal["job", "address", "account"]


class ErasureTargetDto(_ErasureTargetDtoRequired, total=False):
    jobId: int
    jobKind: str
    digest: str
    accountIds: List[str]


class ErrorEnvelope(TypedDict):
    status: Literal["error"]
    data: Optional[Dict[str, Any]]
    error: "ApiErrorBody"


class FinderBatchDtoContactsItem0(TypedDict, total=False):
    firstName: Optional[str]
    lastName: Optional[str]
    domain: str
    first_name: Optional[str]
    last_name: Optional[str]


class FinderBatchDto(TypedDict):
    contacts: List[Union["FinderBatchDtoContactsItem0", Optional[str], float, bool, Dict[str, Any], List[Any]]]


class _FinderBatchItemModelRequired(TypedDict):
    index: int
    input: "EchoedContactModel"
    error: Optional[Dict[str, Any]]


class FinderBatchItemModel(_FinderBatchItemModelRequired, total=False):
    email: Optional[str]
    status: Literal["Found", "Not Found"]
    quality: Optional[Literal["Good", "Risky", "Bad"]]
    result: Optional[Literal["Ok", "Catch-all", "Unknown"]]
    reason: str
    confidence: int
    provider: str
    pattern: Optional[str]
    executionMs: int
    creditsCharged: Literal[0, 10]


class FinderBatchModel(TypedDict):
    results: List["FinderBatchItemModel"]
    summary: "FinderBatchSummaryModel"


class FinderBatchSummaryModel(TypedDict):
    total: int
    found: int
    notFound: int
    errors: int
    creditsCharged: int
    creditsRemaining: int


class _FinderColumnsDtoRequired(TypedDict):
    firstName: Optional[int]
    lastName: Optional[int]
    domain: int
    domainSource: Literal["domain", "url", "email"]
    chosenBy: Literal["request", "header"]


class FinderColumnsDto(_FinderColumnsDtoRequired, total=False):
    fullName: Optional[int]


class _FinderJobCountsDtoRequired(TypedDict):
    rows: int
    contacts: int
    invalid: int


class FinderJobCountsDto(_FinderJobCountsDtoRequired, total=False):
    duplicates: int


class FinderJobDto(TypedDict):
    id: int
    kind: Literal["finder"]
    status: Literal["Pending", "Processing", "Completed", "Cancelled", "Failed"]
    fileName: str
    hasHeader: bool
    columns: "FinderColumnsDto"
    counts: "FinderJobCountsDto"
    quote: int
    results: "FinderJobResultsDto"
    progress: "JobProgressDto"
    creditsCharged: int
    etaSeconds: Optional[int]
    createdAt: str
    startedAt: Optional[str]
    finishedAt: Optional[str]
    failureReason: Optional[str]
    filesPurgedAt: Optional[str]
    downloadPath: str


class FinderJobPageDto(TypedDict):
    items: List["FinderJobDto"]
    page: int
    pageSize: int
    total: int
    totalPages: int


class FinderJobResultsDto(TypedDict):
    found: int
    notFound: int
    invalid: int


class _FinderRequestDtoRequired(TypedDict):
    domain: str


class FinderRequestDto(_FinderRequestDtoRequired, total=False):
    firstName: Optional[str]
    lastName: Optional[str]


class FinderResultModel(TypedDict):
    email: Optional[str]
    status: Literal["Found", "Not Found"]
    quality: Optional[Literal["Good", "Risky", "Bad"]]
    result: Optional[Literal["Ok", "Catch-all", "Unknown"]]
    reason: str
    confidence: int
    provider: str
    pattern: Optional[str]
    executionMs: int
    creditsCharged: Literal[0, 10]
    creditsRemaining: int


class _JobCountsDtoRequired(TypedDict):
    rows: int
    uniqueAddresses: int
    duplicates: int
    invalidSyntax: int


class JobCountsDto(_JobCountsDtoRequired, total=False):
    blank: int


class _JobDtoRequired(TypedDict):
    id: int
    kind: Literal["verification", "finder"]
    status: Literal["Pending", "Processing", "Completed", "Cancelled", "Failed"]
    fileName: str
    emailColumn: "EmailColumnDto"
    hasHeader: bool
    dedupe: bool
    counts: "JobCountsDto"
    quote: int
    results: Dict[str, int]
    addressResults: Dict[str, int]
    progress: "JobProgressDto"
    creditsCharged: int
    etaSeconds: Optional[int]
    createdAt: str
    resumable: bool
    downloadPath: str


class JobDto(_JobDtoRequired, total=False):
    startedAt: Optional[str]
    finishedAt: Optional[str]
    failureReason: Optional[str]
    failureMessage: Optional[str]
    filesPurgedAt: Optional[str]


class JobPageDto(TypedDict):
    items: List["JobDto"]
    page: int
    pageSize: int
    total: int
    totalPages: int


class JobProgressDto(TypedDict):
    processedRows: int
    totalRows: int
    percent: float


class OrderModel(TypedDict):
    id: int
    userId: int
    packageId: int
    promotionId: Optional[int]
    creditsPurchased: int
    bonusCredits: int
    totalCreditsAdded: int
    amountUsd: float
    discountUsd: float
    finalAmountUsd: float
    unitPriceUsd: float
    processorPaymentIntentId: str
    processorChargeId: str
    status: Literal[1, 2, 3, 4]
    failureReason: Optional[str]
    invoiceNumber: str
    isAutoTopup: bool
    createdAt: str
    completedAt: Optional[str]


class OrderPageModel(TypedDict):
    items: List["OrderModel"]
    page: int
    limit: int
    total: int
    totalPages: int


class PackageModel(TypedDict):
    id: int
    name: str
    credits: int
    bonusCredits: int
    priceUsd: float
    unitPriceUsd: float
    currency: str
    offer: Any


class PackageOfferModel(TypedDict):
    promotionId: Optional[int]
    totalCreditsAdded: int
    finalAmountUsd: float
    pricePerCreditUsd: float


class PromotionModel(TypedDict):
    id: int
    name: str
    description: str
    bonusPercent: int
    discountPercent: int
    packageIds: Optional[List[int]]
    startsAt: Optional[str]
    endsAt: Optional[str]


class ResetTestBalanceDto(TypedDict, total=False):
    balance: int


class _SingleVerificationModelRequired(TypedDict):
    email: str
    result: Literal["ok", "invalid", "catch_all", "unknown", "disposable", "error"]
    resultCode: int
    subResult: Optional[str]
    quality: Literal["good", "risky", "bad", ""]
    free: bool
    role: bool
    disposable: bool
    catchAll: bool
    didYouMean: Optional[str]
    provider: str
    antiSpam: bool
    riskScore: int
    creditsCharged: int
    creditsRemaining: int
    executionMs: int
    retryAfterMs: Optional[int]


class SingleVerificationModel(_SingleVerificationModelRequired, total=False):
    mxHost: Optional[str]
    mxAddress: Optional[str]
    smtpCode: Optional[int]
    smtpEnhanced: Optional[str]
    smtpReply: Optional[str]
    egressRoute: Optional[str]
    verificationToken: str


class TestBalanceModel(TypedDict):
    balance: int
    held: int
    available: int


class TestDeliveryModel(TypedDict):
    deliveryId: str
    eventId: str
    success: bool
    statusCode: Optional[int]
    durationMs: int
    error: Optional[str]


class ToggleWebhookDto(TypedDict, total=False):
    isActive: Optional[bool]
    url: Optional[str]
    events: Optional[List[Union[Literal[1, 2, 3], Literal["job.completed", "job.failed", "job.files_expiring"]]]]


class TokenKeyModel(TypedDict):
    kty: Literal["OKP"]
    crv: Literal["Ed25519"]
    alg: Literal["EdDSA"]
    use: Literal["sig"]
    kid: str
    x: str


class TokenKeySetModel(TypedDict):
    keys: List["TokenKeyModel"]


class TransactionModel(TypedDict):
    id: str
    type: Literal["Added", "Used", "Adjusted"]
    amount: int
    balanceAfter: int
    description: str
    purpose: Optional[str]
    reference: Optional[str]
    createdAt: str


class TransactionPageModel(TypedDict):
    items: List["TransactionModel"]
    page: int
    pageSize: int
    total: int
    totalPages: int


class UpdateWebhookDto(TypedDict, total=False):
    url: Optional[str]
    events: Optional[List[Union[Literal[1, 2, 3], Literal["job.completed", "job.failed", "job.files_expiring"]]]]
    isActive: Optional[bool]


class _VerificationResultModelRequired(TypedDict):
    email: str
    result: Literal["ok", "invalid", "catch_all", "unknown", "disposable", "error"]
    resultCode: int
    subResult: Optional[str]
    quality: Literal["good", "risky", "bad", ""]
    free: bool
    role: bool
    disposable: bool
    catchAll: bool
    didYouMean: Optional[str]
    provider: str
    antiSpam: bool
    riskScore: int
    creditsCharged: int
    creditsRemaining: int
    executionMs: int
    retryAfterMs: Optional[int]


class VerificationResultModel(_VerificationResultModelRequired, total=False):
    mxHost: Optional[str]
    mxAddress: Optional[str]
    smtpCode: Optional[int]
    smtpEnhanced: Optional[str]
    smtpReply: Optional[str]
    egressRoute: Optional[str]


class _VerifyBatchDtoRequired(TypedDict):
    emails: List[str]


class VerifyBatchDto(_VerifyBatchDtoRequired, total=False):
    evidence: bool


class _VerifySingleDtoRequired(TypedDict):
    email: str


class VerifySingleDto(_VerifySingleDtoRequired, total=False):
    evidence: bool


class WebhookModel(TypedDict):
    id: int
    url: str
    events: List[Literal[1, 2, 3]]
    eventNames: List[Literal["job.completed", "job.failed", "job.files_expiring"]]
    isActive: bool
    createdAt: str
    updatedAt: str


class WebhookWithSecretModel(TypedDict):
    id: int
    url: str
    events: List[Literal[1, 2, 3]]
    eventNames: List[Literal["job.completed", "job.failed", "job.files_expiring"]]
    isActive: bool
    createdAt: str
    updatedAt: str
    secret: str

