import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { postMultipart } from '../codes/codes.test-kit';
import { TestClient } from '../test-support/http';
import { TestSmtpServer } from '../test-support/smtp-server';
import { DOUBLE_WEBHOOK_SECRET, startStripeDouble, StripeDouble } from '../test-support/stripe-double';
import { startTestApp, TestApp } from '../test-support/test-app';
import { signUp } from '../test-support/users';
import { MailDispatcher } from './mail-dispatcher';
import { MailQueue } from './mail-queue';
import { createTenants } from '../test-support/tenants';
import { until } from '../test-support/until';

// The SDK's own signing helper (the same HMAC Stripe computes); the key is never used to call anything.
const signer = new Stripe('sk_test_signer_only').webhooks;

// A busy machine (shared CI) makes the journeys below slow, never wrong.
jest.setTimeout(90_000);

/**
 * A payment-link code's payment, end to end: the buyer's checkout (the real SDK against the Stripe double), Stripe's
 * signed payment_intent.succeeded, and the mails that follow on a real SMTP server on loopback.
 */
describe('payment mails: the receipt to the payer and the notice to the seller', () => {
  const smtp = new TestSmtpServer();
  let stripe: StripeDouble;
  let app: TestApp;
  let db: DataSource;
  let seller: { client: TestClient; email: string; qrId: string; host?: string };

  beforeAll(async () => {
    stripe = await startStripeDouble({ accountsStartEnabled: true });
    app = await startTestApp({
      ...stripe.env,
      SMTP_URL: await smtp.start(),
      BASE_DOMAIN: 'sharks.test',
      PUBLIC_ORIGIN: 'http://sharks.test:3000',
    });
    db = app.app.get(DataSource);
    seller = await newSeller();
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.close();
    await smtp.close();
  });

  /** A connected owner (on the tenant the host names) with a saved payment code at 19.99. */
  async function newSeller(host?: string) {
    const client = new TestClient(app.url, host ? { host } : undefined);
    const user = await signUp(client, `seller-${randomBytes(4).toString('hex')}@example.com`);
    await smtp.waitFor(user.email); // the welcome mail
    expect((await client.post('/api/payments/connect/onboarding', {})).status).toBe(200);
    const saved = await postMultipart(client, '/api/qrcodes', {
      qrType: 'payment',
      productName: 'Shark plush',
      productPrice: '19.99',
      productDescription: 'Soft and toothy',
    });
    expect(saved.status).toBe(201);
    const qrId = saved.body.id as string;
    // The checkout reads the product from the read model, which may trail the save.
    const buyer = new TestClient(app.url, host ? { host } : undefined);
    await until(async () => (await buyer.get(`/api/payment-product/${qrId}`)).status === 200, 'the product');
    return { client, email: user.email, qrId, host };
  }

  /** A buyer's checkout: the PaymentIntent the page gets for the code (what Stripe.js would then confirm). */
  async function checkout(of: { qrId: string; host?: string } = seller): Promise<string> {
    const res = await new TestClient(app.url, of.host ? { host: of.host } : undefined).post('/api/create-payment-intent', {
      productId: of.qrId,
      checkoutId: `attempt-${randomBytes(6).toString('hex')}`,
    });
    expect(res.status).toBe(200);
    return [...stripe.paymentIntents.values()].find((intent) => intent.client_secret === res.body.clientSecret)!.id as string;
  }

  function succeeded(intent: Record<string, unknown>) {
    const id = `evt_${randomBytes(10).toString('hex')}`;
    return { id, object: 'event', type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000), data: { object: intent } };
  }

  function sendWebhook(event: object) {
    const payload = JSON.stringify(event);
    const header = signer.generateTestHeaderString({ payload, secret: DOUBLE_WEBHOOK_SECRET });
    return new TestClient(app.url).post('/api/stripe/webhook', payload, {
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
    });
  }

  const ledger = async (intentId: string) =>
    (await db.query(
      `SELECT l.kind, l.recipient, l.status, l.key FROM mail_ledger l JOIN events e ON e.id::text = l.source_id
        WHERE e.stream_id = $1 ORDER BY l.kind`,
      [`payment-${intentId}`],
    )) as { kind: string; recipient: string; status: string; key: string }[];

  /** No mail job waiting or running, and every ledger row of the payment settled (sent or skipped). */
  async function quiet(intentId: string) {
    await until(async () => {
      const counts = await app.app.get(MailQueue).queue.getJobCounts();
      const rows = await ledger(intentId);
      return counts.active + counts.waiting + counts.delayed === 0 && rows.length > 0 && rows.every((row) => row.status === 'sent');
    }, 'the mail queue to be idle');
  }

  it('a paid checkout: one receipt to the payer, one notice to the seller; redelivered, repeated or replayed: nothing more', async () => {
    const intentId = await checkout();
    // Stripe.js confirms with the address the page collected as billing_details.email; the event names the charge only.
    const paid = stripe.succeedIntent(intentId, { billingEmail: 'Payer.One@example.com' });
    expect(typeof paid.latest_charge).toBe('string');
    const event = succeeded(paid);
    const reads = stripe.count('GET', `/v1/payment_intents/${intentId}`);
    const first = await sendWebhook(event);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true, duplicate: false });
    // The address was read back from Stripe, the intent with its latest charge expanded.
    expect(stripe.count('GET', `/v1/payment_intents/${intentId}`)).toBe(reads + 1);
    expect(stripe.requests.at(-1)?.body).toMatchObject({ expand: { 0: 'latest_charge' } });

    const [receipt] = await smtp.waitFor('payer.one@example.com');
    expect(receipt.parsed.subject).toBe('Payment confirmation and receipt: Shark plush');
    expect(receipt.parsed.text).toContain('Your payment is confirmed. Thank you for your purchase.');
    expect(receipt.parsed.text).toContain('Amount: $19.99');
    expect(receipt.parsed.text).toContain(`Reference: ${intentId}`);
    expect(receipt.parsed.text).toContain('Keep this email as your receipt.');
    expect(receipt.parsed.html).toContain('Powered by QR Code Sharks');

    const [, notice] = await smtp.waitFor(seller.email, 2);
    expect(notice.parsed.subject).toBe('You received a payment: $19.99 for Shark plush');
    expect(notice.parsed.text).toContain('You received a payment of $19.99 through your payment QR code.');
    expect(notice.parsed.text).toContain('Product: Shark plush');
    expect(notice.parsed.text).toContain('Platform fee: $1.00');
    expect(notice.parsed.text).toContain('Your share: $18.99, paid out to your Stripe account');
    expect(notice.parsed.text).toContain(`QR code: ${seller.qrId}`);
    expect(notice.parsed.text).toContain('See your payments: http://sharks.test:3000/dashboard/payments');
    expect(notice.parsed.html).toContain('href="http://sharks.test:3000/dashboard/payments"');
    // The payer's address is the buyer's business: the seller's notice does not carry it.
    expect(notice.raw).not.toMatch(/payer\.one@example\.com/i);

    await quiet(intentId);
    const rows = await ledger(intentId);
    expect(rows.map((row) => [row.kind, row.recipient])).toEqual([
      ['payment-receipt', 'Payer.One@example.com'],
      ['payment-received', `user:${(await seller.client.get('/api/user')).body.id as string}`],
    ]);
    expect(rows.map((row) => row.key)).toEqual([
      expect.stringMatching(/^event:[^:]+:payer\.one@example\.com:payment-receipt$/),
      expect.stringMatching(/^event:[^:]+:user:[0-9a-f-]{36}:payment-received$/),
    ]);
    const sent = smtp.mails.length;

    // Stripe delivers the same event again, and another event for the same intent: neither records a payment.
    expect((await sendWebhook(event)).body).toEqual({ received: true, duplicate: true });
    expect((await sendWebhook(succeeded(paid))).body).toEqual({ received: true, duplicate: false });

    // A replay of every event from position 0 finds each mail in the ledger.
    const dispatcher = app.app.get(MailDispatcher);
    await dispatcher.stop();
    await db.query(`UPDATE projection_checkpoints SET commit_position = 0, prepare_position = 0 WHERE name = 'mail-dispatcher'`);
    const [{ head }] = (await db.query(`SELECT max(position)::text AS head FROM events`)) as { head: string }[];
    dispatcher.start();
    await until(async () => dispatcher.position && dispatcher.position.prepare >= BigInt(head), 'the dispatcher to replay to the head');
    await quiet(intentId);
    expect(smtp.mails.length).toBe(sent);
    expect(smtp.to('payer.one@example.com')).toHaveLength(1);
    expect(smtp.to(seller.email)).toHaveLength(2);
    expect(await ledger(intentId)).toHaveLength(2);
  });

  it('receipt_email when the intent has one (no read back); a payment without any address mails the seller only', async () => {
    const withReceipt = await checkout();
    const paid = stripe.succeedIntent(withReceipt, { receiptEmail: 'receipts@example.com', billingEmail: 'card-holder@example.com' });
    const reads = stripe.count('GET', `/v1/payment_intents/${withReceipt}`);
    expect((await sendWebhook(succeeded(paid))).status).toBe(200);
    expect(stripe.count('GET', `/v1/payment_intents/${withReceipt}`)).toBe(reads);
    await smtp.waitFor('receipts@example.com');
    await quiet(withReceipt);
    expect(smtp.to('card-holder@example.com')).toEqual([]);

    const noticesBefore = smtp.to(seller.email).length;
    const anonymous = await checkout();
    const sent = smtp.mails.length;
    expect((await sendWebhook(succeeded(stripe.succeedIntent(anonymous)))).status).toBe(200);
    await smtp.waitFor(seller.email, noticesBefore + 1);
    await quiet(anonymous);
    expect((await ledger(anonymous)).map((row) => row.kind)).toEqual(['payment-received']);
    expect(smtp.mails.length).toBe(sent + 1);
  });

  it("an older API version's event (the charges list inline): the receipt to its billing email, no read back", async () => {
    const intentId = await checkout();
    const paid = stripe.succeedIntent(intentId);
    const charge = { ...stripe.charges.get(paid.latest_charge as string), billing_details: { email: 'old-api@example.com' } };
    const reads = stripe.count('GET', `/v1/payment_intents/${intentId}`);
    const legacy = { ...paid, latest_charge: undefined, charges: { object: 'list', data: [charge] } };
    expect((await sendWebhook(succeeded(legacy))).status).toBe(200);
    const [receipt] = await smtp.waitFor('old-api@example.com');
    expect(receipt.parsed.subject).toBe('Payment confirmation and receipt: Shark plush');
    expect(stripe.count('GET', `/v1/payment_intents/${intentId}`)).toBe(reads);
  });

  it("a white-label tenant's payment: both mails carry its name and colour, link to its host, and drop QR Code Sharks", async () => {
    await createTenants(app.app, [
      {
        clientId: 9,
        name: 'Reef Cafe',
        subdomain: 'reef',
        primaryColor: '#0F766E',
        secondaryColor: '#134E4A',
        removeQRCodeSharksBranding: true,
      },
    ]);
    const reef = await newSeller('reef.sharks.test');
    const intentId = await checkout(reef);
    expect(stripe.paymentIntents.get(intentId)?.metadata).toMatchObject({ tenantId: '9' });
    expect((await sendWebhook(succeeded(stripe.succeedIntent(intentId, { billingEmail: 'reef-diner@example.com' })))).status).toBe(200);
    const [receipt] = await smtp.waitFor('reef-diner@example.com');
    const [, notice] = await smtp.waitFor(reef.email, 2);
    for (const mail of [receipt, notice]) {
      expect(mail.parsed.html).toContain('Reef Cafe');
      expect(mail.parsed.html).toContain('#0F766E');
      expect(mail.parsed.html).not.toContain('QR Code Sharks');
      expect(mail.parsed.text).not.toContain('QR Code Sharks');
    }
    expect(notice.parsed.text).toContain('See your payments: http://reef.sharks.test:3000/dashboard/payments');
  });
});
