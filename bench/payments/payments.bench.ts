/**
 * bench/payments: the signed Stripe webhook path and the checkout call, through HTTP on a booted app whose real Stripe
 * SDK talks to the local double (backend/src/test-support/stripe-double.ts; Stripe itself is never reached).
 *   1. 200 payment_intent.succeeded events one at a time (answer time), then BENCH_WEBHOOKS (default 2,000) distinct
 *      ones, 16 in flight: events per second and the median/p90 answer time (signature check, two stream reads, the
 *      decision, one appendMany of the receipt and the payment).
 *   2. Duplicate storms: BENCH_STORMS (default 200) events each delivered 10 times at once: time per storm, and the
 *      check that every intent holds exactly one PaymentSucceeded.
 *   3. POST /api/create-payment-intent, 200 sequential calls: median/p90 (our work plus one call to the double).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { bootstrap } from '../../backend/src/bootstrap';
import type { EventStore } from '../../backend/src/event-store/event-store';
import { EVENT_STORE } from '../../backend/src/event-store/event-store.tokens';
import { TestClient } from '../../backend/src/test-support/http';
import { DOUBLE_WEBHOOK_SECRET, startStripeDouble } from '../../backend/src/test-support/stripe-double';
import { freshDatabase, startRedis } from '../redirect/bench-support';

const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 2000);
const STORMS = Number(process.env.BENCH_STORMS ?? 200);
const IN_FLIGHT = 16;
const signer = new Stripe('sk_test_signer_only').webhooks;

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))];
const ms = (value: number) => `${value.toFixed(1)} ms`;

function succeeded(qrId: string, ownerId: string) {
  const intentId = `pi_${randomBytes(10).toString('hex')}`;
  const payload = JSON.stringify({
    id: `evt_${randomBytes(10).toString('hex')}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: intentId,
        object: 'payment_intent',
        amount: 1999,
        currency: 'usd',
        metadata: { productId: qrId, qrId, ownerId, tenantId: '1', productName: 'Bench' },
      },
    },
  });
  return { intentId, payload };
}

async function main() {
  const redis = await startRedis();
  const db = await freshDatabase();
  const stripe = await startStripeDouble({ accountsStartEnabled: true });
  const app = await bootstrap({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.BENCH_LOG ?? 'silent',
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    PORT: '0',
    HOST: '127.0.0.1',
    ...stripe.env,
  });
  try {
    const store = app.app.get<EventStore>(EVENT_STORE);
    const client = new TestClient(app.url!);
    const send = async (payload: string) => {
      const started = performance.now();
      const res = await client.post('/api/stripe/webhook', payload, {
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signer.generateTestHeaderString({ payload, secret: DOUBLE_WEBHOOK_SECRET }),
        },
      });
      if (res.status !== 200) throw new Error(`webhook answered ${res.status}: ${res.text}`);
      return performance.now() - started;
    };
    const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
    const owner = new TestClient(app.url!);
    const registered = await owner.post('/api/register', { email, password: 'secret-password-1' });
    const ownerId = registered.body.id as string;
    const qrId = randomUUID();

    // 1. Distinct events: one at a time (answer time), then IN_FLIGHT at a time (throughput).
    const alone: number[] = [];
    for (let n = 0; n < 200; n++) alone.push(await send(succeeded(qrId, ownerId).payload));
    console.log(`one webhook at a time: 200 events, answer time median ${ms(quantile(alone, 0.5))}, p90 ${ms(quantile(alone, 0.9))}`);
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < WEBHOOKS) {
          next += 1;
          latencies.push(await send(succeeded(qrId, ownerId).payload));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `distinct webhooks: ${WEBHOOKS} in ${seconds.toFixed(2)} s = ${(WEBHOOKS / seconds).toFixed(0)} events/s (${IN_FLIGHT} in flight)`,
    );
    console.log(`  answer time median ${ms(quantile(latencies, 0.5))}, p90 ${ms(quantile(latencies, 0.9))}`);

    // 2. Storms: one event ten times at once.
    const storms: number[] = [];
    const intents: string[] = [];
    for (let storm = 0; storm < STORMS; storm++) {
      const { intentId, payload } = succeeded(qrId, ownerId);
      intents.push(intentId);
      const begun = performance.now();
      await Promise.all(Array.from({ length: 10 }, () => send(payload)));
      storms.push(performance.now() - begun);
    }
    let wrong = 0;
    for (const intentId of intents) {
      const events = await store.readStream(`payment-${intentId}`);
      if (events.filter((event) => event.type === 'PaymentSucceeded').length !== 1) wrong += 1;
    }
    console.log(
      `duplicate storms: ${STORMS} x 10 deliveries: per storm median ${ms(quantile(storms, 0.5))}, p90 ${ms(quantile(storms, 0.9))}; ` +
        `intents with exactly one PaymentSucceeded: ${STORMS - wrong}/${STORMS}`,
    );

    // 3. Checkout: a saved payment code of a connected owner.
    const saved = await owner.request('POST', '/api/qrcodes', {
      body: JSON.stringify({ qrType: 'payment', productName: 'Bench', productPrice: '19.99', productDescription: 'x' }),
      headers: { 'content-type': 'application/json' },
    });
    if (saved.status !== 201) throw new Error(`saving the code failed: ${saved.status} ${saved.text}`);
    await owner.post('/api/payments/connect/onboarding', {});
    // The buyer's page reads the product from the read model: wait until it shows (a busy machine lags).
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((done) => setTimeout(done, 50)))
      if ((await owner.get(`/api/payment-product/${saved.body.id as string}`)).status === 200) break;
    const buyer = new TestClient(app.url!);
    const checkout: number[] = [];
    for (let n = 0; n < 200; n++) {
      const begun = performance.now();
      const res = await buyer.post('/api/create-payment-intent', { productId: saved.body.id, amount: 1999 });
      if (res.status !== 200) throw new Error(`create-payment-intent answered ${res.status}: ${res.text}`);
      checkout.push(performance.now() - begun);
    }
    console.log(`create-payment-intent: 200 calls, median ${ms(quantile(checkout, 0.5))}, p90 ${ms(quantile(checkout, 0.9))}`);
  } finally {
    await app.close();
    await stripe.close();
    await db.drop();
    await redis.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
