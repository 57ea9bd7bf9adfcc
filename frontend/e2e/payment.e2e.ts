// Issue 20: the payment-link checkout (/payment?id=), its temporary link, the missing-product page, and /subscribe's
// fallback to our own plan card. Stripe.js and the pricing-table script are blocked with Playwright routing (they
// cannot be reached from here anyway): the pages must say so plainly instead of going blank. The stack's API calls
// go to the Stripe double (e2e/support/stack.ts), whose Connect accounts can take charges once made.
import type { APIRequestContext, Page } from 'playwright-core';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
import { SiteChrome } from './pages/SiteChrome';
import { until } from './support/until';

const session = browserForFile();

const blockStripe = (page: Page) => page.route(/^https:\/\/(js|m|api|b)\.stripe\.com\//, (route) => route.abort('blockedbyclient'));

/**
 * A stand-in for Stripe.js (served where the page loads it from): its payment element is a placeholder, and
 * confirmPayment records what the page confirms with and answers 'succeeded' the way Stripe.js does without a redirect.
 */
const FAKE_STRIPE_JS = `
window.Stripe = function () {
  return {
    elements: function (options) {
      window.__stripe = { elementsOptions: options };
      return {
        create: function (type, options) {
          window.__stripe.paymentElement = { type: type, options: options };
          return {
            mount: function (node) { node.innerHTML = '<div data-testid="fake-payment-element">Card number (Stripe.js stand-in)</div>'; },
            destroy: function () {},
          };
        },
      };
    },
    confirmPayment: function (args) {
      window.__stripe.confirmParams = args.confirmParams;
      window.__stripe.redirect = args.redirect;
      return Promise.resolve({ paymentIntent: { id: 'pi_fake', status: 'succeeded' } });
    },
  };
};`;
const fakeStripe = async (page: Page) => {
  await page.route(/^https:\/\/(m|api|b)\.stripe\.com\//, (route) => route.abort('blockedbyclient'));
  await page.route(/^https:\/\/js\.stripe\.com\//, (route) =>
    route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS }),
  );
};

/** A seller with a saved payment code (19.99), connected to Stripe unless told otherwise; returns the code's id. */
async function seller(request: APIRequestContext, connect: boolean): Promise<string> {
  const email = uniqueEmail('seller');
  expect((await request.post('/api/register', { data: { email, password: 'seller-password-1' } })).ok()).toBe(true);
  const saved = await request.post('/api/qrcodes', {
    multipart: { qrType: 'payment', productName: 'Shark plush', productPrice: '19.99', productDescription: 'Soft and toothy' },
  });
  expect(saved.status()).toBe(201);
  if (connect) expect((await request.post('/api/payments/connect/onboarding')).ok()).toBe(true);
  const id = ((await saved.json()) as { id: string }).id;
  // The buyer's page reads the product from the read model: on a busy machine it may trail the save (bounded).
  await until(async () => (await request.get(`/api/payment-product/${id}`)).ok(), 'the product in the read model', 20_000).catch(
    () => undefined,
  );
  return id;
}

async function newSellerCode(connect: boolean): Promise<string> {
  const { page, context } = await session.newPage(DESKTOP);
  const id = await seller(page.request, connect);
  await context.close();
  return id;
}

describe('payment checkout', () => {
  let connectedCode: string;
  beforeAll(async () => {
    connectedCode = await newSellerCode(true);
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`shows the exact order summary, and a clear error when Stripe.js cannot load (${viewport.width} px)`, async () => {
      const { page } = await session.newPage(viewport);
      await blockStripe(page);
      await page.goto(`/payment?id=${connectedCode}`);
      const summary = page.getByTestId('order-summary');
      await summary.getByText('Order Summary').waitFor();
      expect(await summary.getByTestId('product-name').textContent()).toBe('Shark plush');
      await summary.getByText('Soft and toothy').waitFor();
      expect(await summary.getByText('$19.99').count()).toBe(2); // price and total
      await page.getByText('Payment Details').waitFor();
      expect(await new SiteChrome(page).waitForToast('Payment error')).toContain('Could not process payment setup');
      const problem = page.getByTestId('payment-unavailable');
      expect(await problem.textContent()).toMatch(/payment form could not be loaded/);
      expect(await page.getByRole('button', { name: 'Pay Now' }).isDisabled()).toBe(true);
      const shot = await screenshot(page, `payment-checkout-stripe-blocked-${viewport.width}`);
      expect(shot).toMatch(/\.png$/);
    });
  }

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`asks for the receipt's address, confirms with it, and the success page names it (${viewport.width} px)`, async () => {
      const { page } = await session.newPage(viewport);
      await fakeStripe(page);
      await page.goto(`/payment?id=${connectedCode}`);
      await page.getByTestId('fake-payment-element').waitFor();
      const email = page.getByTestId('payer-email');
      const pay = page.getByRole('button', { name: 'Pay Now' });
      // Stripe.js is told not to ask for the address again: the page's own field gives it.
      expect(await page.evaluate(() => (window as any).__stripe.paymentElement)).toEqual({
        type: 'payment',
        options: { fields: { billingDetails: { email: 'never' } } },
      });
      await pay.click();
      await page.getByText('Email is required').waitFor();
      await email.fill('not-an-address');
      await pay.click();
      await page.getByText('Please enter a valid email').waitFor();
      expect(await page.evaluate(() => (window as any).__stripe.confirmParams ?? null)).toBeNull();
      await email.fill(' buyer@example.com ');
      await screenshot(page, `payment-checkout-receipt-email-${viewport.width}`);
      await pay.click();
      await page.waitForURL(/\/payment-success$/);
      const confirmed = await page.evaluate(() => (window as any).__stripe.confirmParams);
      expect(confirmed.payment_method_data).toEqual({ billing_details: { email: 'buyer@example.com' } });
      expect(confirmed.return_url).toMatch(/\/payment-success$/);
      await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
      expect(await page.getByTestId('confirmation-notice').innerText()).toBe(
        'Thank you for your purchase. A confirmation email with your receipt is on its way to buyer@example.com.',
      );
      await screenshot(page, `payment-success-${viewport.width}`);
    });
  }

  it('says the seller cannot accept payments yet when the owner has not connected Stripe', async () => {
    const code = await newSellerCode(false);
    const { page } = await session.newPage(DESKTOP);
    await blockStripe(page);
    await page.goto(`/payment?id=${code}`);
    await page.getByTestId('order-summary').getByText('$19.99').first().waitFor();
    expect(await page.getByTestId('payment-unavailable').textContent()).toBe('This seller cannot accept payments yet.');
    expect(await page.getByRole('button', { name: 'Pay Now' }).isDisabled()).toBe(true);
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`a temporary link shows one unit at its price in dollars and no Pay Now (${viewport.width} px)`, async () => {
      const { page } = await session.newPage(viewport);
      await blockStripe(page);
      await page.goto('/payment?temp=true&name=Shark%20plush&price=1999');
      const summary = page.getByTestId('order-summary');
      await summary.getByText('Shark plush').waitFor();
      expect(await summary.getByText('$19.99').count()).toBe(2);
      expect(await page.getByText('$1999.00').count()).toBe(0);
      await page.getByText('The seller must save this QR code before it can accept payments.').waitFor();
      expect(await page.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
      await screenshot(page, `payment-temporary-link-${viewport.width}`);
    });
  }

  it("without an id, or for a product that does not exist: 'Product Not Found' with Go Back", async () => {
    const { page } = await session.newPage(MOBILE);
    await page.goto('/payment');
    await page.getByRole('heading', { name: 'Product Not Found' }).waitFor();
    await page.getByText('Product ID is required').waitFor();
    await page.getByRole('button', { name: 'Go Back' }).waitFor();
    await screenshot(page, 'payment-product-not-found-375');
    await page.goto('/payment?id=00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'Product Not Found' }).waitFor();
    await page.getByText('Product not found', { exact: true }).waitFor();
  });
});

describe('/subscribe', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`shows our own plan card when the pricing-table script is blocked, and starts Checkout from it (${viewport.width} px)`, async () => {
      const { page } = await session.newPage(viewport);
      expect(
        (await page.request.post('/api/register', { data: { email: uniqueEmail('premium'), password: 'premium-password-1' } })).ok(),
      ).toBe(true);
      await blockStripe(page);
      // Stripe Checkout itself, where the double's session URL points: answered here, nothing else to see.
      await page.route(/\/checkout\/cs_test_/, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<h1>Stripe Checkout (double)</h1>' }),
      );
      await page.goto('/subscribe');
      const plans = page.getByTestId('pricing-table');
      await plans.waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('hosted-pricing-table').count()).toBe(0);
      await plans.getByText('$9.99/month').waitFor();
      await plans.getByRole('button', { name: 'Upgrade to Premium' }).scrollIntoViewIfNeeded();
      await screenshot(page, `subscribe-plan-card-${viewport.width}`);
      await plans.getByRole('button', { name: 'Upgrade to Premium' }).click();
      await page.waitForURL(/\/checkout\/cs_test_/);
      await page.getByRole('heading', { name: 'Stripe Checkout (double)' }).waitFor();
    });
  }
});
