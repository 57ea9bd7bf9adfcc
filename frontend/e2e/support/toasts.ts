import type { Page } from 'playwright-core';

/**
 * Closes the toast on show and waits until it is gone. A toast also leaves by itself after 5 s, which a loaded machine
 * may pass between the check before and this click: then there is nothing to click, and that is fine.
 */
export async function dismissToast(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: 'Close notification' })
    .click({ timeout: 2_000 })
    .catch(() => undefined);
  await page.getByTestId('toast').waitFor({ state: 'detached' });
}
