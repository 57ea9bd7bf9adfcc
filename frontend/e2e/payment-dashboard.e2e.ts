// Issue 20: a payment code's owner in the dashboard: connects Stripe (the onboarding link), then, once a buyer's
// payment is confirmed by Stripe's signed webhook (signed here with the SDK's own test helper and the double's
// secret), sees the code's revenue per day. Screenshots at 375 and 1280 px.
import type { Page } from 'playwright-core';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
import { payAndConfirm } from './support/payments';

const session = browserForFile();

async function signedUpSeller(page: Page): Promise<{ userId: string; qrId: string }> {
  const registered = await page.request.post('/api/register', {
    data: { email: uniqueEmail('dash-seller'), password: 'seller-password-1' },
  });
  expect(registered.ok()).toBe(true);
  const userId = ((await registered.json()) as { id: string }).id;
  const saved = await page.request.post('/api/qrcodes', {
    multipart: { qrType: 'payment', productName: 'Shark plush', productPrice: '19.99', productDescription: 'Soft and toothy' },
  });
  expect(saved.status()).toBe(201);
  return { userId, qrId: ((await saved.json()) as { id: string }).id };
}

describe('payments in the dashboard', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`connects Stripe, then shows a paid code's revenue per day (${viewport.width} px)`, async () => {
      const { page, context } = await session.newPage(viewport);
      const { userId, qrId } = await signedUpSeller(page);

      // Not connected yet: the onboarding link goes to Stripe (the double's URL, answered here).
      await page.route(/\/connect\/onboarding\/acct_/, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<h1>Stripe onboarding (double)</h1>' }),
      );
      // The code's card says its owner cannot take payments yet, and leads to the code's payments.
      // The list is read once per visit: on a busy machine the new code may reach the read model after it (bounded).
      const codeCard = page.locator(`[data-code-id="${qrId}"]`);
      for (let attempt = 0; attempt < 4; attempt++) {
        await page.goto('/dashboard/codes');
        if (
          await codeCard.waitFor({ timeout: 5_000 }).then(
            () => true,
            () => false,
          )
        )
          break;
      }
      expect(await codeCard.getByTestId('seller-chip').textContent()).toBe('Stripe not connected');
      await codeCard.getByRole('link', { name: 'Payments' }).click();
      await page.waitForURL(/\/dashboard\/payments\?code=/);
      const card = page.getByTestId('connect-card');
      expect(await card.getByTestId('connect-status').textContent()).toBe('Not connected');
      await card.getByRole('button', { name: 'Connect with Stripe' }).click();
      await page.getByRole('heading', { name: 'Stripe onboarding (double)' }).waitFor();

      // A buyer pays; only Stripe's signed webhook records it.
      await payAndConfirm(session.browser, session.baseUrl, context.request, {
        qrId,
        ownerId: userId,
        productName: 'Shark plush',
        amount: 1999,
      });

      await page.goto(`/dashboard/payments?code=${qrId}`);
      expect(await page.getByTestId('connect-status').textContent()).toBe('Ready to accept payments');
      const report = page.getByTestId('code-payments');
      // The read model follows the event: reload until the payment is there (bounded).
      const deadline = Date.now() + 15_000;
      for (;;) {
        await report.getByTestId('total-revenue').waitFor();
        if ((await report.getByTestId('total-revenue').textContent()) === '$19.99' || Date.now() > deadline) break;
        await page.reload();
      }
      expect(await report.getByTestId('total-revenue').textContent()).toBe('$19.99');
      expect(await report.getByTestId('payment-count').textContent()).toBe('1');
      await report.getByTestId('revenue-chart').waitFor();
      await report.getByRole('cell', { name: 'Paid' }).waitFor();
      await screenshot(page, `dashboard-payments-${viewport.width}`);
    });
  }
});
