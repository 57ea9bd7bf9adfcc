import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { postMultipart } from '../codes/codes.test-kit';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { EventStore } from '../event-store/event-store';
import { ProjectionsService } from '../projections/projections.service';
import { rebuildProjection } from '../projections/rebuild';
import { TestClient } from '../test-support/http';
import { DOUBLE_WEBHOOK_SECRET, startStripeDouble, StripeDouble } from '../test-support/stripe-double';
import { startTestApp, TestApp } from '../test-support/test-app';
import { signUp } from '../test-support/users';
import { until } from '../test-support/until';

// The SDK's own signing helper (the same HMAC Stripe computes); the key is never used to call anything.
const signer = new Stripe('sk_test_signer_only').webhooks;
const now = () => Math.floor(Date.now() / 1000);
const CONNECT_SECRET = 'whsec_connect_endpoint_double';
/** The read models these tests read (the others may lag on a busy machine without changing any answer here). */
const READ_MODELS = ['users', 'payments', 'codes'];

// A busy machine (shared CI) makes the journeys below slow, never wrong.
jest.setTimeout(90_000);

describe('payments through Stripe (the real SDK against the local double)', () => {
  let app: TestApp;
  let stripe: StripeDouble;
  let store: EventStore;

  beforeAll(async () => {
    stripe = await startStripeDouble();
    app = await startTestApp({ ...stripe.env, STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET, LOG_LEVEL: process.env.PAY_LOG ?? 'silent' });
    store = app.app.get<EventStore>(EVENT_STORE);
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.close();
  });

  /**
   * Every projection has applied everything appended so far: waits for the last event of the named streams (the
   * store's head alone can trail an event whose transaction committed while another was still open).
   */
  async function settle(...streams: string[]) {
    const positions = [await store.headPosition()];
    for (const streamId of streams) positions.push((await store.readStream(streamId)).at(-1)?.position ?? null);
    for (const position of positions)
      if (position) expect(await app.app.get(ProjectionsService).waitFor(position, READ_MODELS, 20_000)).toBe(true);
  }

  function stripeEvent(type: string, object: Record<string, unknown>, created = now()) {
    return { id: `evt_${randomBytes(10).toString('hex')}`, object: 'event', type, created, api_version: '2025-01-01', data: { object } };
  }

  function sendWebhook(event: object, options: { secret?: string; timestamp?: number } = {}) {
    const payload = JSON.stringify(event);
    const header = signer.generateTestHeaderString({
      payload,
      secret: options.secret ?? DOUBLE_WEBHOOK_SECRET,
      timestamp: options.timestamp,
    });
    return new TestClient(app.url).post('/api/stripe/webhook', payload, {
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
    });
  }

  const typesOf = async (streamId: string) => (await store.readStream(streamId)).map((event) => event.type);

  async function paymentCode(owner: TestClient, price = '19.99') {
    const res = await postMultipart(owner, '/api/qrcodes', {
      qrType: 'payment',
      productName: 'Shark plush',
      productPrice: price,
      productDescription: 'Soft and toothy',
    });
    expect(res.status).toBe(201);
    await settle(`qr-${res.body.id as string}`);
    return res.body.id as string;
  }

  async function connectedSeller() {
    const owner = new TestClient(app.url);
    const user = await signUp(owner);
    const link = await owner.post('/api/payments/connect/onboarding', {});
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(/\/connect\/onboarding\/acct_/);
    const accountId = String(link.body.url).split('/').pop() as string;
    expect(stripe.accounts.get(accountId)?.metadata).toEqual({ userId: user.id, tenantId: '1' });
    return { owner, user, accountId };
  }

  it('a payment code pays its owner: 409 until the owner can take charges, then a destination charge at the stored price', async () => {
    const { owner, user, accountId } = await connectedSeller();
    const qrId = await paymentCode(owner);
    const buyer = new TestClient(app.url);

    // Onboarding not finished: the seller cannot accept payments yet; nothing was asked of Stripe.
    const before = stripe.count('POST', '/v1/payment_intents');
    const refused = await buyer.post('/api/create-payment-intent', { amount: 1999, productId: qrId, productName: 'Shark plush' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This seller cannot accept payments yet.');
    expect(stripe.count('POST', '/v1/payment_intents')).toBe(before);
    expect((await owner.get('/api/payments/connect')).body).toMatchObject({ connected: true, chargesEnabled: false });

    // Stripe says onboarding is done: the next status read records it.
    stripe.setAccount(accountId, { charges_enabled: true, payouts_enabled: true, details_submitted: true });
    expect((await owner.get('/api/payments/connect')).body).toEqual({
      connected: true,
      accountId,
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
    });

    // The client's amount (1 cent) is ignored: 1999 cents, to the owner's account, 5% to the platform.
    const checkoutId = `attempt-${randomBytes(6).toString('hex')}`;
    const paid = await buyer.post('/api/create-payment-intent', { amount: 1, productId: qrId, productName: 'Cheap', checkoutId });
    expect(paid.status).toBe(200);
    expect(paid.body.clientSecret).toMatch(/^pi_.+_secret_/);
    const created = stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/payment_intents').at(-1)!;
    expect(created.body).toMatchObject({
      amount: '1999',
      currency: 'usd',
      application_fee_amount: '100',
      transfer_data: { destination: accountId },
      metadata: { productId: qrId, qrId, ownerId: user.id, tenantId: '1', productName: 'Shark plush' },
    });
    expect(created.idempotencyKey).toBe(`checkout-${qrId}-1999-${checkoutId}`);

    // The same checkout attempt sent again is the same PaymentIntent (Stripe's idempotency key).
    const again = await buyer.post('/api/create-payment-intent', { amount: 1999, productId: qrId, checkoutId });
    expect(again.body.clientSecret).toBe(paid.body.clientSecret);
    expect(stripe.paymentIntents.size).toBe([...stripe.paymentIntents.values()].length);
    const intent = [...stripe.paymentIntents.values()].find((candidate) => candidate.client_secret === paid.body.clientSecret)!;

    // Nothing is recorded until Stripe's webhook says so.
    expect(await typesOf(`payment-${intent.id}`)).toEqual([]);

    // The same signed event delivered ten times at once: one PaymentSucceeded.
    const succeeded = stripeEvent('payment_intent.succeeded', { ...intent, status: 'succeeded' });
    const deliveries = await Promise.all(Array.from({ length: 10 }, () => sendWebhook(succeeded)));
    expect(deliveries.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(deliveries.filter((res) => res.body.duplicate === false)).toHaveLength(1);
    expect(await typesOf(`payment-${intent.id}`)).toEqual(['PaymentSucceeded']);
    expect(await typesOf(`stripe-event-${succeeded.id}`)).toEqual(['StripeEventReceived']);
    const [recorded] = await store.readStream(`payment-${intent.id}`);
    expect(recorded.data).toMatchObject({
      amount: 1999,
      currency: 'usd',
      productId: qrId,
      qrId,
      ownerId: user.id,
      connectedAccountId: accountId,
    });

    // A late failure of the same intent changes nothing.
    const lateFailure = stripeEvent('payment_intent.payment_failed', { ...intent, status: 'requires_payment_method' });
    expect((await sendWebhook(lateFailure)).status).toBe(200);
    expect(await typesOf(`payment-${intent.id}`)).toEqual(['PaymentSucceeded']);

    // The owner's code page: payments and revenue per day; another user sees nothing (404).
    await settle(`payment-${intent.id}`);
    const report = await owner.get(`/api/qrcodes/${qrId}/payments`);
    expect(report.status).toBe(200);
    const day = new Date(succeeded.created * 1000).toISOString().slice(0, 10);
    expect(report.body).toMatchObject({ qrId, totalRevenue: 1999, paymentCount: 1, days: [{ day, payments: 1, revenue: 1999 }] });
    expect(report.body.payments).toEqual([expect.objectContaining({ id: intent.id, amount: 1999, status: 'succeeded' })]);
    const stranger = new TestClient(app.url);
    await signUp(stranger);
    expect((await stranger.get(`/api/qrcodes/${qrId}/payments`)).status).toBe(404);
    expect((await buyer.get(`/api/qrcodes/${qrId}/payments`)).status).toBe(401);
  });

  it('POST /api/stripe/webhook refuses a forged signature, an old timestamp and a missing one: 400, nothing recorded', async () => {
    const event = stripeEvent('payment_intent.succeeded', {
      id: 'pi_forged',
      object: 'payment_intent',
      amount: 500,
      currency: 'usd',
      metadata: { qrId: '00000000-0000-4000-8000-000000000000', ownerId: '00000000-0000-4000-8000-000000000001', tenantId: '1' },
    });
    const forged = await sendWebhook(event, { secret: 'whsec_not_ours' });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('Invalid Stripe signature');
    const stale = await sendWebhook(event, { timestamp: now() - 301 });
    expect(stale.status).toBe(400);
    const unsigned = await new TestClient(app.url).post('/api/stripe/webhook', JSON.stringify(event), {
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(400);
    // A body changed after signing (the signature is over the exact bytes).
    const header = signer.generateTestHeaderString({ payload: JSON.stringify(event), secret: DOUBLE_WEBHOOK_SECRET });
    const tampered = await new TestClient(app.url).post('/api/stripe/webhook', JSON.stringify({ ...event, id: 'evt_other' }), {
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
    });
    expect(tampered.status).toBe(400);
    expect(await typesOf('payment-pi_forged')).toEqual([]);
    expect(await typesOf(`stripe-event-${event.id}`)).toEqual([]);
    // Within the tolerance it is accepted.
    expect((await sendWebhook(event, { timestamp: now() - 200 })).status).toBe(200);
    expect(await typesOf('payment-pi_forged')).toEqual(['PaymentSucceeded']);
  });

  it(
    'refuses a signed event without data.object (or another part of an event) and one signed over 5 minutes ahead: 400, ' +
      'nothing recorded',
    async () => {
      const intent = {
        id: 'pi_shapeless',
        object: 'payment_intent',
        amount: 700,
        currency: 'usd',
        metadata: { qrId: '00000000-0000-4000-8000-000000000002', ownerId: '00000000-0000-4000-8000-000000000003', tenantId: '1' },
      };
      const event = stripeEvent('payment_intent.succeeded', intent);
      const malformed = [
        { ...event, data: {} },
        { ...event, data: { object: null } },
        { ...event, data: null },
        { id: event.id, object: 'event', type: event.type, created: event.created },
        { ...event, data: { object: [intent] } },
        { ...event, type: undefined },
        { ...event, created: 'yesterday' },
      ];
      for (const body of malformed) {
        const res = await sendWebhook(body);
        expect({ body, status: res.status, message: res.body.message }).toEqual({
          body,
          status: 400,
          message: 'Malformed Stripe event: it needs an id, a type, created and data.object',
        });
      }
      // Signed for a moment more than 5 minutes ahead: refused as one more than 5 minutes old is.
      const ahead = await sendWebhook(event, { timestamp: now() + 301 });
      expect([ahead.status, ahead.body.message]).toEqual([400, 'Invalid Stripe signature']);
      expect(await typesOf('payment-pi_shapeless')).toEqual([]);
      expect(await typesOf(`stripe-event-${event.id}`)).toEqual([]);
      // The same event, well formed and signed a little ahead (clock skew within the tolerance), is recorded.
      expect((await sendWebhook(event, { timestamp: now() + 200 })).status).toBe(200);
      expect(await typesOf('payment-pi_shapeless')).toEqual(['PaymentSucceeded']);
    },
  );

  it("account.updated from the Connect endpoint (its own secret) records what Stripe says of the owner's account", async () => {
    const { owner, user, accountId } = await connectedSeller();
    const event = stripeEvent('account.updated', {
      id: accountId,
      object: 'account',
      metadata: { userId: user.id, tenantId: '1' },
      charges_enabled: true,
      payouts_enabled: false,
      details_submitted: true,
    });
    expect((await sendWebhook(event, { secret: CONNECT_SECRET })).status).toBe(200);
    expect(await typesOf(`seller-${user.id}`)).toEqual(['SellerAccountCreated', 'SellerAccountUpdated']);
    expect((await owner.get('/api/payments/connect')).body).toMatchObject({ chargesEnabled: true, payoutsEnabled: false });
    // The same event again changes nothing.
    expect((await sendWebhook(event, { secret: CONNECT_SECRET })).body).toEqual({ received: true, duplicate: true });
  });

  it('POST /api/create-payment-intent: 404 for a missing product, 400 without a product id', async () => {
    const buyer = new TestClient(app.url);
    const missing = await buyer.post('/api/create-payment-intent', { productId: '00000000-0000-4000-8000-000000000000' });
    expect(missing.status).toBe(404);
    const noId = await buyer.post('/api/create-payment-intent', { amount: 5 });
    expect(noId.status).toBe(400);
    expect(noId.body.message).toBe('Product ID is required');
  });

  it('Premium: checkout, webhooks in any order (the newest wins), the cap lifted while active and back after, the portal', async () => {
    const client = new TestClient(app.url);
    const user = await signUp(client);
    expect((await client.post('/api/billing/portal', {})).status).toBe(404);

    const checkout = await client.post('/api/billing/checkout', {});
    expect(checkout.status).toBe(200);
    expect(checkout.body.url).toMatch(/\/checkout\/cs_test_/);
    const session = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions').at(-1)!;
    expect(session.body).toMatchObject({
      mode: 'subscription',
      client_reference_id: user.id,
      customer_email: user.email,
      line_items: { 0: { price: 'price_premium_monthly', quantity: '1' } },
      subscription_data: { metadata: { userId: user.id } },
    });

    // Landing back on the site changes nothing: only the webhook does.
    expect((await client.get('/api/user')).body.subscriptionStatus).toBe('free');

    const subscriptionId = `sub_${randomBytes(6).toString('hex')}`;
    const customerId = `cus_${randomBytes(6).toString('hex')}`;
    stripe.setSubscription({ id: subscriptionId, status: 'active', customer: customerId, metadata: { userId: user.id } });
    const t0 = now() - 100;
    const completed = stripeEvent(
      'checkout.session.completed',
      {
        id: 'cs_x',
        object: 'checkout.session',
        mode: 'subscription',
        client_reference_id: user.id,
        subscription: subscriptionId,
        customer: customerId,
      },
      t0,
    );
    expect((await sendWebhook(completed)).status).toBe(200);
    await settle(`user-${user.id}`);
    expect((await client.get('/api/user')).body.subscriptionStatus).toBe('active');
    const trial = (await client.get('/api/trial-status')).body;
    expect(trial).toMatchObject({ subscriptionStatus: 'active', dynamicQRLimit: null, canCreateDynamicQR: true });

    // While active there is no cap: more dynamic codes than the free plan's 3.
    const shortCodes: string[] = [];
    for (let n = 0; n < 4; n++) {
      const res = await postMultipart(client, '/api/dynamic-qrcodes', { qrType: 'url', destination: `https://shop.example/${n}` });
      expect(res.status).toBe(201);
      shortCodes.push(res.body.shortCode as string);
    }

    // Stripe now says canceled; the deletion event (t0 + 20) arrives before an older update (t0 + 10).
    stripe.setSubscription({ id: subscriptionId, status: 'canceled', customer: customerId });
    const deleted = stripeEvent(
      'customer.subscription.deleted',
      { id: subscriptionId, object: 'subscription', status: 'canceled' },
      t0 + 20,
    );
    const olderUpdate = stripeEvent(
      'customer.subscription.updated',
      { id: subscriptionId, object: 'subscription', status: 'active' },
      t0 + 10,
    );
    expect((await sendWebhook(deleted)).status).toBe(200);
    stripe.setSubscription({ id: subscriptionId, status: 'active', customer: customerId });
    expect((await sendWebhook(olderUpdate)).status).toBe(200);
    await settle(`user-${user.id}`);
    expect((await client.get('/api/user')).body.subscriptionStatus).toBe('canceled');
    const after = (await client.get('/api/trial-status')).body;
    expect(after).toMatchObject({ subscriptionStatus: 'canceled', dynamicQRLimit: 3, canCreateDynamicQR: false, dynamicQRUsed: 4 });
    // The free cap applies to new codes; the existing ones keep working.
    const refused = await postMultipart(client, '/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://shop.example/5' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You have reached your limit of 3 dynamic QR codes. Please upgrade to create more.');
    const redirect = await new TestClient(app.url).get(`/d/${shortCodes[3]}`);
    expect(redirect.status).toBe(302);

    // invoice.payment_failed: the state written is the subscription as Stripe returns it now (past_due).
    stripe.setSubscription({ id: subscriptionId, status: 'past_due', customer: customerId });
    const invoiceFailed = stripeEvent(
      'invoice.payment_failed',
      { id: 'in_1', object: 'invoice', customer: customerId, parent: { subscription_details: { subscription: subscriptionId } } },
      t0 + 30,
    );
    expect((await sendWebhook(invoiceFailed)).status).toBe(200);
    await settle(`user-${user.id}`);
    expect((await client.get('/api/user')).body.subscriptionStatus).toBe('past_due');

    // The billing portal opens for the customer.
    const portal = await client.post('/api/billing/portal', {});
    expect(portal.status).toBe(200);
    expect(portal.body.url).toContain(`/portal/${customerId}`);
  });

  it('a pricing-table subscription (no metadata): matched by client_reference_id, later events by its customer', async () => {
    const client = new TestClient(app.url);
    const user = await signUp(client);
    const subscriptionId = `sub_${randomBytes(6).toString('hex')}`;
    const customerId = `cus_${randomBytes(6).toString('hex')}`;
    stripe.setSubscription({ id: subscriptionId, status: 'active', customer: customerId });
    // Stripe may send the subscription's own event first: no user can be named yet, so it is received and ignored.
    const early = stripeEvent('customer.subscription.created', { id: subscriptionId, object: 'subscription', customer: customerId });
    expect((await sendWebhook(early)).status).toBe(200);
    expect((await store.readStream(`stripe-event-${early.id}`))[0].data).toMatchObject({ ignored: 'no user for this subscription' });
    const completed = stripeEvent('checkout.session.completed', {
      id: 'cs_table',
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: user.id,
      subscription: subscriptionId,
      customer: customerId,
    });
    expect((await sendWebhook(completed)).status).toBe(200);
    await settle(`user-${user.id}`);
    expect((await client.get('/api/user')).body.subscriptionStatus).toBe('active');

    stripe.setSubscription({ id: subscriptionId, status: 'past_due', customer: customerId });
    const updated = stripeEvent('customer.subscription.updated', { id: subscriptionId, object: 'subscription', customer: customerId });
    expect((await sendWebhook(updated)).status).toBe(200);
    await settle(`user-${user.id}`);
    expect((await client.get('/api/user')).body.subscriptionStatus).toBe('past_due');
  });

  it('deleting an account cancels its live subscription; a users-projection rebuild gives the same subscription states', async () => {
    const client = new TestClient(app.url);
    const user = await signUp(client);
    const subscriptionId = `sub_${randomBytes(6).toString('hex')}`;
    stripe.setSubscription({
      id: subscriptionId,
      status: 'active',
      customer: `cus_${randomBytes(6).toString('hex')}`,
      metadata: { userId: user.id },
    });
    expect(
      (await sendWebhook(stripeEvent('customer.subscription.created', { id: subscriptionId, object: 'subscription', status: 'active' })))
        .status,
    ).toBe(200);
    await settle(`user-${user.id}`);
    expect((await client.get('/api/user')).body.subscriptionStatus).toBe('active');
    expect(await client.post('/api/billing/checkout', {})).toMatchObject({ status: 409 });

    expect((await client.post('/api/delete-account', { password: 'secret-password' })).status).toBe(200);
    const cancelled = async () => (await typesOf(`stripe-event-account-deleted-${subscriptionId}`)).length > 0;
    await until(cancelled, 'the account deletion to cancel the subscription', 15_000).catch(() => undefined);
    expect(stripe.count('DELETE', `/v1/subscriptions/${subscriptionId}`)).toBe(1);
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    const last = (await store.readStream(`user-${user.id}`)).filter((event) => event.type === 'SubscriptionStatusChanged').at(-1)!;
    expect(last.data).toMatchObject({ subscriptionStatus: 'canceled', stripeSubscriptionId: subscriptionId });

    await settle(`user-${user.id}`);
    const db = app.app.get(DataSource);
    const states = () =>
      db.query('SELECT id, subscription_status, stripe_customer_id, stripe_subscription_id FROM users ORDER BY id') as Promise<unknown[]>;
    const before = await states();
    expect(before).toContainEqual(
      expect.objectContaining({ id: user.id, subscription_status: 'canceled', stripe_subscription_id: subscriptionId }),
    );
    await rebuildProjection(app.app.get(ProjectionsService).get('users')!, store, db);
    expect(await states()).toEqual(before);
  });
});
