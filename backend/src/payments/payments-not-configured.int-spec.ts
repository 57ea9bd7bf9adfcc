import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { signUp } from '../test-support/users';

describe('payments without Stripe keys', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '', STRIPE_WEBHOOK_SECRET: '' });
  });
  afterAll(() => app?.close());

  it('the product runs; the config says so and every payment route answers 503 with the sentence', async () => {
    const visitor = new TestClient(app.url);
    expect((await visitor.get('/api/payments/config')).body).toEqual({
      configured: false,
      publishableKey: null,
      pricingTableId: null,
      subscriptions: false,
    });
    const intent = await visitor.post('/api/create-payment-intent', { productId: '00000000-0000-4000-8000-000000000000', amount: 100 });
    expect(intent.status).toBe(503);
    expect(intent.body.message).toBe('Payments are not configured.');
    const webhook = await visitor.post('/api/stripe/webhook', JSON.stringify({ id: 'evt_1' }), {
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect(webhook.status).toBe(503);

    const user = new TestClient(app.url);
    await signUp(user);
    for (const path of ['/api/billing/checkout', '/api/billing/portal', '/api/payments/connect/onboarding']) {
      const res = await user.post(path, {});
      expect({ path, status: res.status, message: res.body.message }).toEqual({
        path,
        status: 503,
        message: 'Payments are not configured.',
      });
    }
    expect((await user.get('/api/payments/connect')).body).toMatchObject({ connected: false, chargesEnabled: false });
  });
});
