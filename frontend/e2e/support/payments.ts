// A buyer pays for a payment code the way the product sees it in these tests: the checkout creates its PaymentIntent
// (at the Stripe double), and only Stripe's signed payment_intent.succeeded webhook (signed with the double's secret
// by the SDK's own helper) records the payment. Stripe.js itself cannot be reached from here.
import type { APIRequestContext, Browser } from 'playwright-core';
import Stripe from 'stripe';
import { DOUBLE_WEBHOOK_SECRET } from '../../../backend/src/test-support/stripe-double';

const signer = new Stripe('sk_test_signer_only').webhooks;

export interface PaidCode {
  qrId: string;
  ownerId: string;
  productName: string;
  /** Cents, as the code's stored price (the event carries what Stripe charged). */
  amount: number;
}

/** Creates the buyer's PaymentIntent in a fresh context, then delivers its signed success; answers the intent's id. */
export async function payAndConfirm(
  browser: Browser,
  baseUrl: string,
  webhooks: APIRequestContext,
  { qrId, ownerId, productName, amount }: PaidCode,
): Promise<string> {
  const buyer = await browser.newContext({ baseURL: baseUrl });
  const intent = await buyer.request.post('/api/create-payment-intent', { data: { productId: qrId, amount: 1 } });
  expect(intent.status()).toBe(200);
  const paymentIntentId = ((await intent.json()) as { clientSecret: string }).clientSecret.split('_secret_')[0];
  await buyer.close();
  const payload = JSON.stringify({
    id: `evt_${paymentIntentId}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: paymentIntentId,
        object: 'payment_intent',
        amount,
        currency: 'usd',
        status: 'succeeded',
        metadata: { productId: qrId, qrId, ownerId, tenantId: '1', productName },
      },
    },
  });
  const webhook = await webhooks.post('/api/stripe/webhook', {
    data: payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.generateTestHeaderString({ payload, secret: DOUBLE_WEBHOOK_SECRET }),
    },
  });
  expect(webhook.status()).toBe(200);
  return paymentIntentId;
}
