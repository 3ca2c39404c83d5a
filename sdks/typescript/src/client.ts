import { FinderJobs, PageOptions, VerificationJobs } from './jobs.js';
import { ClientOptions, Transport } from './transport.js';
import type {
  Balance,
  BatchResponse,
  Catalogue,
  CheckedToken,
  CreateWebhook,
  DeletedWebhook,
  DeliveryPage,
  ErasureList,
  ErasureReceipt,
  FinderBatch,
  FinderContact,
  FinderResult,
  OrderPage,
  TestBalance,
  SingleVerification,
  TestDelivery,
  TokenKeySet,
  TransactionPage,
  UpdateWebhook,
  Webhook,
  WebhookWithSecret,
} from './types.js';

/** Options of a paid call: evidence fields, and an Idempotency-Key of your own (default: generated). */
export interface PaidCallOptions {
  idempotencyKey?: string;
  signal?: AbortSignal;
}
export interface VerifyOptions extends PaidCallOptions {
  /** Add mxHost, mxAddress, smtpCode, smtpEnhanced and smtpReply to each result. */
  evidence?: boolean;
}

/** The email finder: one person, up to 100 at once, or a CSV file as a job. */
export class Finder {
  readonly jobs: FinderJobs;
  constructor(private readonly transport: Transport) {
    this.jobs = new FinderJobs(transport);
  }

  /** Finds one person's address (10 credits when an address is returned). */
  find(person: FinderContact, options: PaidCallOptions = {}): Promise<FinderResult> {
    return this.transport.json({ method: 'POST', path: '/v1/finder/single', json: person, paid: true, ...options });
  }

  findBatch(contacts: FinderContact[], options: PaidCallOptions = {}): Promise<FinderBatch> {
    return this.transport.json({
      method: 'POST',
      path: '/v1/finder/batch',
      json: { contacts },
      paid: true,
      ...options,
    });
  }
}

export class Credits {
  constructor(private readonly transport: Transport) {}

  balance(): Promise<Balance> {
    return this.transport.json({ method: 'GET', path: '/v1/credits/balance' });
  }

  transactions(options: PageOptions & { type?: string } = {}): Promise<TransactionPage> {
    return this.transport.json({ method: 'GET', path: '/v1/credits/transactions', query: { ...options } });
  }

  packages(): Promise<Catalogue> {
    return this.transport.json({ method: 'GET', path: '/v1/credits/packages' });
  }

  orders(options: { page?: number; limit?: number } = {}): Promise<OrderPage> {
    return this.transport.json({ method: 'GET', path: '/v1/credits/orders', query: { ...options } });
  }

  /**
   * Test mode only (a test key, `mck_test_…`): sets the test balance's available credits, 10,000 unless
   * `balance` says otherwise; a small one lets a batch or a job run out of credits. Safe to retry: it sets a
   * target rather than adding. A live key gets 403 (code 1118).
   */
  resetTestBalance(options: { balance?: number } = {}): Promise<TestBalance> {
    return this.transport.json({ method: 'POST', path: '/v1/credits/test-balance/reset', json: options });
  }
}

/** Webhook endpoints; check deliveries with verifyWebhookSignature (`mailcheck/webhooks`). */
export class Webhooks {
  constructor(private readonly transport: Transport) {}

  list(): Promise<Webhook[]> {
    return this.transport.json({ method: 'GET', path: '/v1/webhooks' });
  }

  /** Registers an HTTPS endpoint; the answer's `secret` is shown only here (and on rotateSecret). */
  create(webhook: CreateWebhook): Promise<WebhookWithSecret> {
    return this.transport.json({ method: 'POST', path: '/v1/webhooks', json: webhook });
  }

  update(id: number | string, changes: UpdateWebhook): Promise<Webhook> {
    return this.transport.json({ method: 'PATCH', path: `/v1/webhooks/${id}`, json: changes });
  }

  /** Sets `isActive` when given (safe to repeat), else flips it. */
  toggle(id: number | string, isActive?: boolean): Promise<Webhook> {
    return this.transport.json({
      method: 'POST',
      path: `/v1/webhooks/${id}/toggle`,
      json: isActive === undefined ? {} : { isActive },
    });
  }

  remove(id: number | string): Promise<DeletedWebhook> {
    return this.transport.json({ method: 'DELETE', path: `/v1/webhooks/${id}` });
  }

  /** Sends a signed `webhook.test` delivery now and reports how the endpoint answered. */
  test(id: number | string): Promise<TestDelivery> {
    return this.transport.json({ method: 'POST', path: `/v1/webhooks/${id}/test` });
  }

  rotateSecret(id: number | string): Promise<WebhookWithSecret> {
    return this.transport.json({ method: 'POST', path: `/v1/webhooks/${id}/rotate-secret` });
  }

  deliveries(id: number | string, options: PageOptions = {}): Promise<DeliveryPage> {
    return this.transport.json({ method: 'GET', path: `/v1/webhooks/${id}/deliveries`, query: { ...options } });
  }
}

/**
 * The back-end half of a sign-up form: confirm a verification token a publishable key's answer carried. Free;
 * offline, use verifyVerificationToken (`mailcheck/tokens`) with the keys `keys()` returns.
 */
export class VerificationTokens {
  constructor(private readonly transport: Transport) {}

  /**
   * What the token vouches for, when this service signed it for this key's account and `email` and it has not
   * expired; otherwise an InvalidRequestError with code 1121 (forged), 1122 (expired), 1123 (another account's)
   * or 1124 (another address).
   */
  check(token: string, email: string): Promise<CheckedToken> {
    return this.transport.json({ method: 'POST', path: '/v1/verify/token', json: { token, email } });
  }

  /** The public keys tokens are signed with (no API key needed): keep them for offline checks. */
  keys(): Promise<TokenKeySet> {
    return this.transport.json({ method: 'GET', path: '/v1/verify/token/keys' });
  }
}

/**
 * Erasures (docs/personal-data.md): a data subject's address erased across the account, and the receipts an
 * auditor is shown. A job's own erasure is `job.erase()`.
 */
export class Erasures {
  constructor(private readonly transport: Transport) {}

  /**
   * Erases one address across the account (single and batch verifications, job rows and files); answers the
   * receipt, which names the address only by a keyed digest. 400 (4008) for what is not an address, 409 (4009)
   * while a list job of the account runs.
   */
  eraseAddress(address: string): Promise<ErasureReceipt> {
    return this.transport.json({ method: 'POST', path: '/v1/erasures', json: { address } });
  }

  /** The account's erasures, newest first. */
  async list(): Promise<ErasureReceipt[]> {
    return (await this.transport.json<ErasureList>({ method: 'GET', path: '/v1/erasures' })).items;
  }

  /** One erasure's receipt; `status` is done once the erasure is in force everywhere. */
  get(erasureId: string): Promise<ErasureReceipt> {
    return this.transport.json({ method: 'GET', path: `/v1/erasures/${encodeURIComponent(erasureId)}` });
  }
}

/**
 * The client: `new Mailcheck({ apiKey, baseUrl })`. Paid POSTs carry an Idempotency-Key reused on
 * their retries; 429, 5xx and network errors are retried with backoff; failures are MailcheckErrors
 * with the service's numeric `code`.
 */
export class Mailcheck {
  readonly jobs: VerificationJobs;
  readonly finder: Finder;
  readonly credits: Credits;
  readonly webhooks: Webhooks;
  readonly tokens: VerificationTokens;
  readonly erasures: Erasures;
  private readonly transport: Transport;

  constructor(options: ClientOptions) {
    this.transport = new Transport(options);
    this.jobs = new VerificationJobs(this.transport);
    this.finder = new Finder(this.transport);
    this.credits = new Credits(this.transport);
    this.webhooks = new Webhooks(this.transport);
    this.tokens = new VerificationTokens(this.transport);
    this.erasures = new Erasures(this.transport);
  }

  /**
   * Verifies one address (1 credit for ok, invalid, catch_all and disposable; unknown and error are free). With a
   * publishable key (browsers only: the service checks the Origin header) the answer carries `verificationToken`.
   */
  verify(email: string, options: VerifyOptions = {}): Promise<SingleVerification> {
    const { evidence, ...call } = options;
    return this.transport.json({
      method: 'POST',
      path: '/v1/verify/single',
      json: { email, evidence },
      paid: true,
      ...call,
    });
  }

  /** Verifies up to 100 addresses at once. */
  verifyBatch(emails: string[], options: VerifyOptions = {}): Promise<BatchResponse> {
    const { evidence, ...call } = options;
    return this.transport.json({
      method: 'POST',
      path: '/v1/verify/batch',
      json: { emails, evidence },
      paid: true,
      ...call,
    });
  }
}
