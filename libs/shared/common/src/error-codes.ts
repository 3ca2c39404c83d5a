/**
 * The stable numeric error codes of the public API. Clients branch on `code`, never on the message.
 * Codes are never renumbered or reused; a new condition gets a new code.
 */
export const ErrorCodes = {
  INTERNAL: { code: 1000, status: 500, message: 'An unexpected error occurred; it has been logged.' },
  ROUTE_NOT_FOUND: { code: 1001, status: 404, message: 'No such endpoint.' },
  METHOD_NOT_ALLOWED: { code: 1002, status: 405, message: 'This endpoint does not accept that HTTP method.' },
  PAYLOAD_TOO_LARGE: { code: 1003, status: 413, message: 'The request body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { code: 1004, status: 415, message: 'Unsupported Content-Type.' },
  MALFORMED_JSON: { code: 1005, status: 400, message: 'The request body is not valid JSON.' },
  VALIDATION_FAILED: { code: 1006, status: 400, message: 'The request is invalid.' },
  BAD_PAGINATION: { code: 1007, status: 400, message: 'Invalid pagination parameters.' },
  SERVICE_UNAVAILABLE: { code: 1008, status: 503, message: 'A backing service is unavailable; retry shortly.' },
  MISSING_API_KEY: { code: 1101, status: 401, message: 'Missing API key: send it in the X-API-KEY header.' },
  INVALID_API_KEY: { code: 1102, status: 401, message: 'Invalid, revoked or rotated API key.' },
  ADMIN_DISABLED: { code: 1103, status: 404, message: 'The admin API is disabled (ADMIN_TOKEN is not set).' },
  INVALID_ADMIN_TOKEN: { code: 1104, status: 401, message: 'Missing or invalid admin bearer token.' },
  ACCOUNT_NOT_FOUND: { code: 1105, status: 404, message: 'Account not found.' },
  API_KEY_NOT_FOUND: { code: 1106, status: 404, message: 'API key not found.' },
  API_KEY_ALREADY_REVOKED: { code: 1107, status: 400, message: 'The API key is already revoked.' },
  API_KEY_LIMIT_REACHED: {
    code: 1108,
    status: 409,
    message: 'This account holds as many active API keys as it may (MAX_KEYS_PER_ACCOUNT): revoke one first.',
  },
  API_KEY_SCOPE_MISSING: {
    code: 1109,
    status: 403,
    message: 'This API key does not carry the scope this route needs; `error.requiredScope` names it.',
  },
  API_KEY_ADDRESS_NOT_ALLOWED: {
    code: 1110,
    status: 403,
    message: "This API key may not be used from this client address: it is outside the key's allowlist.",
  },
  INVALID_KEY_SCOPE: {
    code: 1111,
    status: 400,
    message: 'Unknown API key scope: use verify, jobs, finder, webhooks, credits:read or keys.',
  },
  INVALID_KEY_ALLOWLIST: {
    code: 1112,
    status: 400,
    message: 'Each allowlist entry must be an IPv4 or IPv6 address or a CIDR block such as 203.0.113.0/24.',
  },
  INVALID_KEY_CREDIT_CAP: {
    code: 1113,
    status: 400,
    message: 'A monthly credit cap must be a whole number of credits from 1 to 1,000,000,000, or null for none.',
  },
  // No longer answered: list jobs count toward a key's monthly cap since issue 38 (a job stops at the cap,
  // KEY_CREDIT_CAP_REACHED's failure). Kept because a code is never reused for another condition.
  KEY_CAP_EXCLUDES_JOBS: {
    code: 1114,
    status: 403,
    message:
      'No longer answered: a capped key now starts and resumes list jobs, whose rows count toward its monthly cap. (Was: a key with a monthly credit cap cannot start or resume list jobs.)',
  },
  INVALID_KEY_KIND: {
    code: 1115,
    status: 400,
    message: 'Unknown API key kind: use live, test or publishable.',
  },
  INVALID_KEY_ORIGIN: {
    code: 1116,
    status: 400,
    message:
      'A publishable key needs its web origins, each scheme, host and port only (such as https://example.com); other keys carry none.',
  },
  KEY_KIND_NOT_ACCEPTED: {
    code: 1117,
    status: 403,
    message:
      'This route does not accept this kind of API key; `error.keyKind` names the kind presented (a publishable key only verifies single addresses).',
  },
  TEST_KEY_REQUIRED: {
    code: 1118,
    status: 403,
    message: "This route acts on test mode's own balance: call it with a test key (mck_test_…).",
  },
  ORIGIN_NOT_ALLOWED: {
    code: 1120,
    status: 403,
    message:
      "A publishable key answers only requests whose Origin header is one of the key's origins (Referer is not taken).",
  },
  VERIFICATION_TOKEN_INVALID: {
    code: 1121,
    status: 400,
    message:
      'The verification token is malformed, forged or altered, or was signed by a key this service does not know.',
  },
  VERIFICATION_TOKEN_EXPIRED: {
    code: 1122,
    status: 400,
    message: 'The verification token has expired: verify the address again.',
  },
  VERIFICATION_TOKEN_OTHER_ACCOUNT: {
    code: 1123,
    status: 400,
    message: "The verification token was issued to another account's publishable key.",
  },
  VERIFICATION_TOKEN_OTHER_ADDRESS: {
    code: 1124,
    status: 400,
    message: 'The verification token vouches for another address than the one submitted.',
  },
  RATE_LIMITED: {
    code: 1201,
    status: 429,
    message: 'Rate limit exceeded; retry after the time in Retry-After, with exponential backoff.',
  },
  INSUFFICIENT_CREDITS: { code: 2001, status: 402, message: 'Not enough credits for this request.' },
  INVALID_TEST_BALANCE: {
    code: 2020,
    status: 400,
    message: 'A test balance is a whole number of credits from 0 to 1000000.',
  },
  KEY_CREDIT_CAP_REACHED: {
    code: 2018,
    status: 402,
    message:
      "This request would take the API key past its monthly credit cap (this UTC calendar month's charges and holds).",
  },
  IDEMPOTENCY_KEY_REUSED: {
    code: 2002,
    status: 400,
    message: 'This Idempotency-Key was used with a different request.',
  },
  IDEMPOTENCY_KEY_INVALID: {
    code: 2003,
    status: 400,
    message: 'Idempotency-Key must be 1 to 255 printable ASCII characters.',
  },
  IDEMPOTENCY_IN_PROGRESS: {
    code: 2004,
    status: 409,
    message: 'A request with this Idempotency-Key is still being processed; retry shortly.',
  },
  PACKAGE_NOT_FOUND: { code: 2005, status: 404, message: 'Credit package not found.' },
  INVALID_CREDIT_AMOUNT: { code: 2006, status: 400, message: 'Credit amounts must be integers within range.' },
  PROMOTION_NOT_APPLICABLE: {
    code: 2007,
    status: 400,
    message: 'The promotion does not exist, is not running, or does not apply to this package.',
  },
  INVALID_TRANSACTION_TYPE: { code: 2008, status: 400, message: 'type must be one of Added, Used, Adjusted.' },
  BATCH_TOO_LARGE: { code: 2101, status: 400, message: 'Too many items in one request.' },
  BATCH_EMPTY: { code: 2102, status: 400, message: 'The list is empty.' },
  JOB_NOT_FOUND: { code: 3001, status: 404, message: 'Job not found.' },
  JOB_NOT_CANCELLABLE: { code: 3002, status: 400, message: 'Only Pending or Processing jobs can be cancelled.' },
  FILE_TOO_LARGE: {
    code: 3003,
    status: 413,
    message: 'The uploaded file is larger than the upload limit (JOB_MAX_UPLOAD_BYTES).',
  },
  CSV_INVALID: { code: 3004, status: 400, message: 'The file is not a readable CSV.' },
  TOO_MANY_EMAILS: {
    code: 3005,
    status: 400,
    message: 'The file has more unique addresses than a job may hold (JOB_MAX_UNIQUE_EMAILS).',
  },
  EMAIL_COLUMN_NOT_FOUND: { code: 3006, status: 400, message: 'No email column could be found.' },
  FILE_EMPTY: { code: 3007, status: 400, message: 'The file is empty or has no data rows.' },
  FILE_MISSING: { code: 3008, status: 400, message: 'A multipart field named "file" is required.' },
  INVALID_RESULT_COLUMNS: { code: 3009, status: 400, message: 'Unknown result column in "columns".' },
  JOB_NOT_DOWNLOADABLE: { code: 3010, status: 400, message: 'This job has no results to download yet.' },
  FINDER_COLUMNS_NOT_FOUND: {
    code: 3011,
    status: 400,
    message: 'The file needs a domain column and at least one name column (first name, last name or full name).',
  },
  WEBHOOK_NOT_FOUND: { code: 4001, status: 404, message: 'Webhook not found.' },
  WEBHOOK_URL_INVALID: {
    code: 4002,
    status: 400,
    message: 'The webhook URL must be an absolute HTTPS URL without credentials.',
  },
  // One code for a private and an unresolvable host: two would tell a caller whether an internal name exists.
  WEBHOOK_URL_PRIVATE: {
    code: 4003,
    status: 400,
    message: 'The webhook URL host does not resolve to a public address.',
  },
  WEBHOOK_INACTIVE: { code: 4004, status: 400, message: 'Only an active webhook can receive a test delivery.' },
  WEBHOOK_EVENTS_INVALID: { code: 4005, status: 400, message: 'events must list at least one known event.' },
  JOB_NOT_ENDED: {
    code: 4006,
    status: 409,
    message: 'Only an ended job can be erased: cancel it first, or wait until it ends.',
  },
  ERASURE_NOT_FOUND: { code: 4007, status: 404, message: 'No erasure of your account has that id.' },
  ERASURE_ADDRESS_INVALID: {
    code: 4008,
    status: 400,
    message:
      'address must be the email address to erase: a local part, an @ and a domain, without spaces, at most 320 characters.',
  },
  ERASURE_JOBS_RUNNING: {
    code: 4009,
    status: 409,
    message:
      'An address can be erased while no list job of the account is pending or running: wait until they end, or cancel them.',
  },
  FINDER_INVALID_INPUT: { code: 5001, status: 400, message: 'A contact needs a domain and a first or last name.' },
  JOB_FILES_PURGED: {
    code: 3012,
    status: 410,
    message: "The job's uploaded file and results were deleted under the data-retention policy.",
  },
  INVALID_RESULT_FILTER: { code: 3013, status: 400, message: 'Unknown result in "results".' },
  DUPLICATE_UPLOAD: {
    code: 3021,
    status: 409,
    message:
      'The same file was uploaded with the same options recently: open its results, or send allowDuplicate=true to verify and charge it again.',
  },
  JOB_NOT_RESUMABLE: {
    code: 3020,
    status: 409,
    message: 'Only a job stopped because the balance ran out, whose files are kept, can be resumed.',
  },
  SPREADSHEET_INVALID: {
    code: 3014,
    status: 400,
    message: 'The file is not a readable Excel workbook (.xlsx).',
  },
  SHEET_NOT_FOUND: { code: 3015, status: 400, message: 'The workbook has no sheet of that name.' },
  URL_TOO_LONG: { code: 1009, status: 414, message: 'The request URL is too long.' },
  HEADERS_TOO_LARGE: { code: 1010, status: 431, message: 'The request headers are too large.' },
  REQUEST_TIMEOUT: { code: 1011, status: 408, message: 'The request did not arrive in time.' },
  NOT_SIGNED_IN: {
    code: 6001,
    status: 401,
    message: 'Not signed in: the session cookie is missing, expired or revoked.',
  },
  CSRF_REJECTED: {
    code: 6002,
    status: 403,
    message: 'Missing or wrong X-CSRF-Token header: send the value of the mc_csrf cookie.',
  },
  INVALID_CREDENTIALS: { code: 6003, status: 401, message: 'Wrong email or password.' },
  SIGN_IN_THROTTLED: {
    code: 6004,
    status: 429,
    message: 'Too many failed sign-ins; retry after the time in Retry-After.',
  },
  EMAIL_NOT_CONFIRMED: {
    code: 6005,
    status: 403,
    message: 'Confirm the email address first: follow the link we sent (or ask for a new one).',
  },
  INVALID_TOKEN: { code: 6006, status: 400, message: 'The link is invalid, expired or already used.' },
  EMAIL_TAKEN: { code: 6007, status: 409, message: 'Another user already has this email address.' },
  SESSION_NOT_FOUND: { code: 6008, status: 404, message: 'Session not found or already ended.' },
  CURRENT_PASSWORD_WRONG: { code: 6009, status: 400, message: 'The current password is wrong.' },
  TEAM_ROLE_FORBIDDEN: { code: 6010, status: 403, message: 'Your team role does not allow this.' },
  MEMBER_NOT_FOUND: { code: 6011, status: 404, message: 'No such member in your team.' },
  ALREADY_A_MEMBER: { code: 6012, status: 409, message: 'You are already a member of this team.' },
  INVITE_NOT_FOUND: {
    code: 6013,
    status: 404,
    message: 'No pending invitation of your team has that id (it was accepted, withdrawn or has expired).',
  },
  DASHBOARD_THROTTLED: {
    code: 6014,
    status: 429,
    message:
      'Too many requests of this kind for this address, from your network or by your team; retry after the time in Retry-After.',
  },
  SESSION_LIMIT_REACHED: {
    code: 6015,
    status: 409,
    message:
      'You are signed in on as many devices as allowed (MAX_SESSIONS_PER_USER): sign out elsewhere, or reset your password to end every session.',
  },
  ACCOUNT_CLOSE_NAME_MISMATCH: {
    code: 6016,
    status: 400,
    message: "Type the team's name exactly as it is shown to close the account.",
  },
  ACCOUNT_CLOSED: {
    code: 6017,
    status: 403,
    message: 'This account is closed: its keys are revoked and its data erased; it can no longer be used.',
  },
  ACCOUNT_CLOSE_JOBS_RUNNING: {
    code: 6018,
    status: 409,
    message: 'A list job of the account is still running: cancel it or wait for it to end, then close the account.',
  },
  ACCOUNT_CLOSE_OWNER_ONLY: { code: 6019, status: 403, message: "Only the team's owner can close the account." },
  RETENTION_OUT_OF_BOUNDS: {
    code: 6020,
    status: 400,
    message: 'The retention is outside the bounds this service allows (see GET /dashboard/v1/retention).',
  },
  ORDER_NOT_FOUND: { code: 2009, status: 404, message: 'Order not found.' },
  PAYMENT_PROCESSOR_MISMATCH: {
    code: 2010,
    status: 400,
    message: 'This order is paid through another payment processor.',
  },
  PAYMENT_WEBHOOK_SIGNATURE_INVALID: {
    code: 2011,
    status: 400,
    message: 'The Stripe-Signature header is missing, stale or does not match the body.',
  },
  PAYMENT_WEBHOOK_DISABLED: {
    code: 2012,
    status: 404,
    message: 'No payment processor webhook is configured (PAYMENT_PROCESSOR is not stripe).',
  },
  PAYMENT_METHOD_SETUP_UNAVAILABLE: {
    code: 2013,
    status: 404,
    message:
      'Saving a payment method needs PAYMENT_PROCESSOR=stripe; with the manual processor an operator confirms every order.',
  },
  SETUP_INTENT_NOT_FOUND: { code: 2014, status: 404, message: 'No payment method setup of this team has that id.' },
  SETUP_INTENT_NOT_SUCCEEDED: {
    code: 2015,
    status: 409,
    message: 'The payment method setup has not succeeded (yet): confirm it with Stripe.js first.',
  },
  HOLD_ALREADY_ENDED: {
    code: 2016,
    status: 409,
    message:
      'The credits this work held were already settled or released (a retry under the same Idempotency-Key took it over); it was not charged.',
  },
  PAYMENT_REFERENCE_TAKEN: {
    code: 2017,
    status: 409,
    message: 'This payment is already recorded as another order; one payment pays for one order.',
  },
} as const;

export type ErrorName = keyof typeof ErrorCodes;
