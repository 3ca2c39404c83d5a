/** Shapes of the public API (/v1) the dashboard reads; the OpenAPI document at /docs-json is the reference. */
export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

export interface Job {
  id: number;
  kind: 'verification' | 'finder';
  status: 'Pending' | 'Processing' | 'Completed' | 'Cancelled' | 'Failed';
  fileName: string;
  emailColumn?: { index: number; chosenBy: string; headerName: string | null };
  dedupe?: boolean;
  counts: Record<string, number>;
  quote?: number;
  results?: Record<string, number>;
  progress: { processedRows: number; totalRows: number; percent: number };
  creditsCharged: number;
  etaSeconds: number | null;
  createdAt: string;
  finishedAt: string | null;
  failureReason: string | null;
  filesPurgedAt: string | null;
  downloadPath: string;
}

export interface VerificationResult {
  email: string;
  result: string;
  subResult: string | null;
  quality: string;
  free: boolean;
  role: boolean;
  disposable: boolean;
  catchAll: boolean;
  didYouMean: string | null;
  provider: string;
  riskScore: number;
  creditsCharged: number;
  creditsRemaining: number;
}

export interface BatchVerification {
  results: VerificationResult[];
  summary: { total: number; creditsCharged: number; creditsRemaining: number };
}

export interface FinderResult {
  email: string | null;
  status: string;
  quality: string | null;
  result: string | null;
  reason: string;
  confidence: number;
  pattern: string | null;
  creditsCharged: number;
  creditsRemaining: number;
}

/** One batch item: the finder result fields with `error: null`, or only `error` for an unusable contact. */
export type FinderBatchItem = { index: number; input: { firstName: string; lastName: string; domain: string } } & (
  (Omit<FinderResult, 'creditsRemaining'> & { error: null }) | { error: { code: number; message: string } }
);

export interface FinderBatch {
  results: FinderBatchItem[];
  summary: {
    total: number;
    found: number;
    notFound: number;
    errors: number;
    creditsCharged: number;
    creditsRemaining: number;
  };
}

export interface Balance {
  balance: number;
}

export interface Webhook {
  id: number;
  url: string;
  eventNames: string[];
  isActive: boolean;
  createdAt: string;
  secret?: string;
}
export interface Delivery {
  id: string;
  eventType: string;
  status: string;
  attempts: Array<{ attempt: number; status: number | null; error: string | null; attemptedAt: string }>;
  createdAt: string;
}
export interface TestDelivery {
  success: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

export const V1 = {
  balance: '/v1/credits/balance',
  jobs: '/v1/jobs',
  finderJobs: '/v1/finder/jobs',
  verifySingle: '/v1/verify/single',
  verifyBatch: '/v1/verify/batch',
  finderSingle: '/v1/finder/single',
  finderBatch: '/v1/finder/batch',
  webhooks: '/v1/webhooks',
  packages: '/v1/credits/packages',
  orders: '/v1/credits/orders',
};
