/** The part of a single-verify answer the widget reads (the service sends more; see the API reference). */
export interface VerificationData {
  email: string;
  result: 'ok' | 'invalid' | 'catch_all' | 'unknown' | 'disposable' | 'error' | string;
  subResult: string | null;
  didYouMean: string | null;
  disposable: boolean;
  role: boolean;
  free: boolean;
  catchAll: boolean;
  quality: string;
  riskScore: number;
  /** Signed by the service, bound to the address and the key's account: the form's back end confirms it. */
  verificationToken?: string;
}

/** Why no answer is used: the widget then checks nothing and the form works as if it were not there. */
export type UnavailableReason = 'timeout' | 'network' | 'refused' | 'rate-limited' | 'error';

export type Outcome =
  | { kind: 'answer'; data: VerificationData }
  | { kind: 'unavailable'; reason: UnavailableReason; status: number | null; code: number | null; message: string }
  | { kind: 'aborted' };

/**
 * What an HTTP answer from /v1/verify/single means for the widget. 401 and 403 (a key refused, or this
 * page's origin not among the key's) are "refused"; 402, 5xx and anything unreadable are "error".
 */
export function classifyAnswer(status: number, body: unknown): Outcome {
  const envelope = (body ?? {}) as { status?: unknown; data?: unknown; error?: { code?: unknown; message?: unknown } };
  if (status === 200 && envelope.status === 'success' && isVerification(envelope.data))
    return { kind: 'answer', data: envelope.data };
  const code = typeof envelope.error?.code === 'number' ? envelope.error.code : null;
  const message = typeof envelope.error?.message === 'string' ? envelope.error.message : `HTTP ${status}`;
  const reason: UnavailableReason =
    status === 429 ? 'rate-limited' : status === 401 || status === 403 ? 'refused' : 'error';
  return { kind: 'unavailable', reason, status, code, message };
}

function isVerification(data: unknown): data is VerificationData {
  const d = data as Partial<VerificationData> | null;
  return typeof d === 'object' && d !== null && typeof d.email === 'string' && typeof d.result === 'string';
}
