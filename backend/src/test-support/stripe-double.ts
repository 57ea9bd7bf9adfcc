import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

/**
 * A TEST DOUBLE of the few Stripe API endpoints the product calls, for tests only (Stripe cannot be reached from the
 * test machines). The real `stripe` SDK talks to it through STRIPE_API_HOST/PORT/PROTOCOL, so the SDK's request
 * building, form encoding, idempotency keys and error parsing are the real ones. Endpoints:
 *   POST /v1/payment_intents, GET /v1/payment_intents/:id (expand[]=latest_charge as Stripe does), GET /v1/charges/:id
 *   POST /v1/checkout/sessions
 *   GET /v1/subscriptions/:id, DELETE /v1/subscriptions/:id (cancel)
 *   POST /v1/accounts, GET /v1/accounts/:id, POST /v1/account_links
 *   POST /v1/billing_portal/sessions
 * Anything else answers 404 in Stripe's error shape. It keeps objects in memory, honours Idempotency-Key (the same
 * key answers the first answer again) and logs every request for assertions. Tests set what Stripe "knows" with
 * setSubscription/setAccount, and settle a PaymentIntent as Stripe.js's confirmation would with succeedIntent. It
 * checks nothing else Stripe checks (amount limits, currencies, capabilities).
 */
export interface DoubleRequest {
  method: string;
  path: string;
  body: Record<string, any>;
  idempotencyKey: string | null;
}

export interface StripeDouble {
  host: string;
  port: number;
  protocol: 'http';
  /** Env overrides pointing the product's SDK at this double (keys included). */
  env: Record<string, string>;
  requests: DoubleRequest[];
  paymentIntents: Map<string, Record<string, any>>;
  subscriptions: Map<string, Record<string, any>>;
  accounts: Map<string, Record<string, any>>;
  charges: Map<string, Record<string, any>>;
  /**
   * The intent paid, as a confirmation from Stripe.js leaves it: status succeeded, a charge whose billing_details.email
   * is what the page sent (payment_method_data.billing_details), receipt_email if one was set. Returns the intent as a
   * payment_intent.succeeded event carries it (latest_charge as an id, never expanded).
   */
  succeedIntent(intentId: string, payer?: { billingEmail?: string | null; receiptEmail?: string | null }): Record<string, any>;
  setSubscription(subscription: { id: string; status: string; customer: string; metadata?: Record<string, string> }): void;
  setAccount(id: string, patch: Record<string, unknown>): void;
  /** How many requests were made to a path (method and path prefix). */
  count(method: string, pathPrefix: string): number;
  close(): Promise<void>;
}

export const DOUBLE_WEBHOOK_SECRET = 'whsec_test_double_secret';

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

/** Stripe's form encoding (a[b][0]=c) back into objects; arrays come back as objects keyed by index. */
export function parseForm(text: string): Record<string, any> {
  const out: Record<string, any> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node = out;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = node[part] ??= {};
    });
  }
  return out;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** `accountsStartEnabled`: new Connect accounts can take charges at once (browser tests, which cannot reach the double). */
export async function startStripeDouble(options: { accountsStartEnabled?: boolean } = {}): Promise<StripeDouble> {
  const requests: DoubleRequest[] = [];
  const paymentIntents = new Map<string, Record<string, any>>();
  const subscriptions = new Map<string, Record<string, any>>();
  const accounts = new Map<string, Record<string, any>>();
  const charges = new Map<string, Record<string, any>>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let origin = '';

  const routes: Array<[string, RegExp, (match: RegExpMatchArray, body: Record<string, any>) => [number, unknown]]> = [
    [
      'POST',
      /^\/v1\/payment_intents$/,
      (_m, body) => {
        const intentId = id('pi');
        const intent = {
          id: intentId,
          object: 'payment_intent',
          amount: Number(body.amount),
          currency: body.currency,
          status: 'requires_payment_method',
          client_secret: `${intentId}_secret_${randomBytes(6).toString('hex')}`,
          metadata: body.metadata ?? {},
          application_fee_amount: body.application_fee_amount === undefined ? null : Number(body.application_fee_amount),
          transfer_data: body.transfer_data ?? null,
          description: body.description ?? null,
          receipt_email: body.receipt_email ?? null,
          latest_charge: null,
          livemode: false,
        };
        paymentIntents.set(intent.id, intent);
        return [200, intent];
      },
    ],
    [
      'GET',
      /^\/v1\/payment_intents\/([^/]+)$/,
      (m, query) => {
        const intent = paymentIntents.get(m[1]);
        if (!intent) return found(undefined, 'payment_intent', m[1]);
        // expand[0]=latest_charge (the SDK's encoding) puts the charge object in place of its id.
        const expand: unknown[] = typeof query.expand === 'string' ? [query.expand] : Object.values(query.expand ?? {});
        const charge = expand.includes('latest_charge') && intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
        return [200, charge ? { ...intent, latest_charge: charge } : intent];
      },
    ],
    ['GET', /^\/v1\/charges\/([^/]+)$/, (m) => found(charges.get(m[1]), 'charge', m[1])],
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      (_m, body) => {
        const session = { id: id('cs_test'), object: 'checkout.session', mode: body.mode, ...body, url: '' };
        session.url = `${origin}/checkout/${session.id}`;
        return [200, session];
      },
    ],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (m) => found(subscriptions.get(m[1]), 'subscription', m[1])],
    [
      'DELETE',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (m) => {
        const subscription = subscriptions.get(m[1]);
        if (!subscription) return found(undefined, 'subscription', m[1]);
        if (subscription.status === 'canceled')
          return [400, { error: { type: 'invalid_request_error', message: 'This subscription has already been canceled.' } }];
        subscription.status = 'canceled';
        return [200, subscription];
      },
    ],
    [
      'POST',
      /^\/v1\/accounts$/,
      (_m, body) => {
        const account = {
          id: id('acct'),
          object: 'account',
          type: body.type ?? 'express',
          email: body.email ?? null,
          metadata: body.metadata ?? {},
          charges_enabled: options.accountsStartEnabled === true,
          payouts_enabled: options.accountsStartEnabled === true,
          details_submitted: options.accountsStartEnabled === true,
        };
        accounts.set(account.id, account);
        return [200, account];
      },
    ],
    ['GET', /^\/v1\/accounts\/([^/]+)$/, (m) => found(accounts.get(m[1]), 'account', m[1])],
    [
      'POST',
      /^\/v1\/account_links$/,
      (_m, body) => {
        if (!accounts.has(body.account)) return found(undefined, 'account', body.account);
        return [200, { object: 'account_link', url: `${origin}/connect/onboarding/${body.account}`, expires_at: 0, created: 0 }];
      },
    ],
    [
      'POST',
      /^\/v1\/billing_portal\/sessions$/,
      (_m, body) => [
        200,
        { id: id('bps'), object: 'billing_portal.session', customer: body.customer, url: `${origin}/portal/${body.customer}` },
      ],
    ],
  ];

  function found(object: unknown, kind: string, key: string): [number, unknown] {
    if (object) return [200, object];
    return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${key}'` } }];
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const text = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://double');
    const body = parseForm(req.method === 'GET' ? url.search.slice(1) : text);
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method: req.method ?? '', path: url.pathname, body, idempotencyKey });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(payload));
    };
    if (!/^Bearer sk_/.test(req.headers.authorization ?? ''))
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    const cacheKey = idempotencyKey ? `${req.method} ${url.pathname} ${idempotencyKey}` : null;
    const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
    if (cached) return send(cached.status, cached.body);
    for (const [method, pattern, run] of routes) {
      const match = url.pathname.match(pattern);
      if (method !== req.method || !match) continue;
      const [status, payload] = run(match, body);
      if (cacheKey) idempotent.set(cacheKey, { status, body: payload });
      return send(status, payload);
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  return {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    env: {
      STRIPE_SECRET_KEY: 'sk_test_double',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_double',
      STRIPE_WEBHOOK_SECRET: DOUBLE_WEBHOOK_SECRET,
      STRIPE_PRICE_ID: 'price_premium_monthly',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
    },
    requests,
    paymentIntents,
    subscriptions,
    accounts,
    charges,
    succeedIntent(intentId, payer = {}) {
      const intent = paymentIntents.get(intentId);
      if (!intent) throw new Error(`the double has no payment intent ${intentId}`);
      const charge = {
        id: id('ch'),
        object: 'charge',
        amount: intent.amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        paid: true,
        billing_details: { address: null, email: payer.billingEmail ?? null, name: null, phone: null },
        receipt_email: payer.receiptEmail ?? intent.receipt_email ?? null,
      };
      charges.set(charge.id, charge);
      Object.assign(intent, {
        status: 'succeeded',
        latest_charge: charge.id,
        receipt_email: payer.receiptEmail ?? intent.receipt_email ?? null,
      });
      return { ...intent };
    },
    setSubscription(subscription) {
      subscriptions.set(subscription.id, {
        object: 'subscription',
        metadata: {},
        cancel_at_period_end: false,
        items: { object: 'list', data: [{ id: id('si'), current_period_end: Math.floor(Date.now() / 1000) + 30 * 86400 }] },
        ...subscriptions.get(subscription.id),
        ...subscription,
      });
    },
    setAccount(accountId, patch) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`the double has no account ${accountId}`);
      Object.assign(account, patch);
    },
    count(method, pathPrefix) {
      return requests.filter((request) => request.method === method && request.path.startsWith(pathPrefix)).length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
