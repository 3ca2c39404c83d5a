import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
}

type Answer = { status: number; body: string };

/**
 * Stripe as the tests need it, on loopback: every request goes to stripe-mock (which checks the
 * parameters against Stripe's OpenAPI spec and answers its fixtures) and is recorded, with what
 * stripe-mock cannot do, since it keeps no state, added the way Stripe documents it:
 * - a POST repeated with the same Idempotency-Key answers the first response again;
 * - a SetupIntent keeps the customer and metadata it was created with, and succeeds with a payment
 *   method once `completeSetup` says the customer confirmed it in the browser (Stripe.js);
 * - `paymentsDown` makes creating a PaymentIntent answer 500, as an outage would;
 * - a PaymentIntent the test marks paid (`succeedPayment`) reads back as succeeded;
 * - an off-session, confirmed PaymentIntent charges the saved method: Stripe's test methods
 *   `pm_card_chargeDeclined` and `pm_card_authenticationRequired` answer 402 card_error with the
 *   intent, any other succeeds.
 */
export class StripePeer {
  readonly requests: StripeRequest[] = [];
  private readonly replies = new Map<string, Answer>();
  private readonly setups = new Map<
    string,
    { customer: string | null; metadata: Record<string, string>; paymentMethod: string | null }
  >();
  private readonly paid = new Set<string>();
  /** While true, creating a PaymentIntent answers 500 api_error (Stripe unavailable). */
  paymentsDown = false;

  private constructor(
    private readonly server: http.Server,
    private readonly upstream: string,
  ) {}

  static async start(upstream: string): Promise<StripePeer> {
    const server = http.createServer();
    const peer = new StripePeer(server, upstream);
    server.on(
      'request',
      (req, res) =>
        void peer.handle(req, res).catch((error) => {
          res.writeHead(500);
          res.end(String(error));
        }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return peer;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The customer confirmed the setup with this payment method in the browser. */
  completeSetup(setupIntentId: string, paymentMethodId: string): void {
    const setup = this.setups.get(setupIntentId);
    if (!setup) throw new Error(`no SetupIntent ${setupIntentId} was created`);
    setup.paymentMethod = paymentMethodId;
  }

  /** The customer paid this PaymentIntent (its webhook may be lost): reading it back answers succeeded. */
  succeedPayment(paymentIntentId: string): void {
    this.paid.add(paymentIntentId);
  }

  made(method: string, path: string): StripeRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString();
    const path = (req.url ?? '/').split('?')[0];
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const params = new URLSearchParams(req.method === 'GET' ? ((req.url ?? '').split('?')[1] ?? '') : raw);
    this.requests.push({ method: req.method ?? 'GET', path, params, idempotencyKey });
    const replayKey = req.method === 'POST' && idempotencyKey ? `${path} ${idempotencyKey}` : null;
    const answer = (replayKey && this.replies.get(replayKey)) || (await this.answer(req, path, raw, params));
    if (replayKey) this.replies.set(replayKey, answer);
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': `req_peer_${this.requests.length}`,
    });
    res.end(answer.body);
  }

  private async answer(req: http.IncomingMessage, path: string, raw: string, params: URLSearchParams): Promise<Answer> {
    if (this.paymentsDown && req.method === 'POST' && path === '/v1/payment_intents')
      return json(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    const upstream = await fetch(this.upstream + (req.url ?? '/'), {
      method: req.method,
      headers: {
        authorization: req.headers.authorization ?? '',
        'content-type': req.headers['content-type'] ?? 'application/x-www-form-urlencoded',
      },
      body: req.method === 'GET' || req.method === 'DELETE' ? undefined : raw,
    });
    const text = await upstream.text();
    if (upstream.status !== 200) return { status: upstream.status, body: text };
    const object = JSON.parse(text);
    const metadata = Object.fromEntries(
      [...params].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]),
    );
    if (req.method === 'POST' && path === '/v1/setup_intents') {
      this.setups.set(object.id, { customer: params.get('customer'), metadata, paymentMethod: null });
    }
    const setup = path.startsWith('/v1/setup_intents/')
      ? this.setups.get(path.split('/')[3])
      : path === '/v1/setup_intents'
        ? this.setups.get(object.id)
        : undefined;
    if (setup) {
      return json(200, {
        ...object,
        customer: setup.customer,
        metadata: setup.metadata,
        payment_method: setup.paymentMethod,
        status: setup.paymentMethod ? 'succeeded' : 'requires_payment_method',
      });
    }
    if (req.method === 'POST' && path === '/v1/payment_intents') return this.paymentIntent(object, params, metadata);
    const intentId = req.method === 'GET' && path.startsWith('/v1/payment_intents/') ? path.split('/')[3] : null;
    if (intentId && this.paid.has(intentId))
      return json(200, {
        ...object,
        id: intentId,
        status: 'succeeded',
        last_payment_error: null,
        latest_charge: `ch_for_${intentId}`,
      });
    return { status: 200, body: text };
  }

  private paymentIntent(
    object: Record<string, unknown>,
    params: URLSearchParams,
    metadata: Record<string, string>,
  ): Answer {
    const intent = { ...object, metadata, last_payment_error: null };
    if (params.get('off_session') !== 'true' || params.get('confirm') !== 'true')
      return json(200, { ...intent, status: 'requires_payment_method' });
    const method = params.get('payment_method');
    const declines: Record<string, { code: string; decline_code?: string; message: string }> = {
      pm_card_chargeDeclined: {
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      },
      pm_card_authenticationRequired: {
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
      },
    };
    const decline = method ? declines[method] : undefined;
    if (decline) {
      const failed = {
        ...intent,
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', ...decline },
      };
      return json(402, { error: { type: 'card_error', ...decline, payment_intent: failed } });
    }
    return json(200, { ...intent, status: 'succeeded', latest_charge: `ch_for_${String(object.id)}` });
  }
}

const json = (status: number, body: unknown): Answer => ({ status, body: JSON.stringify(body) });
