import type { Page } from 'playwright-core';

/**
 * Closes every toast on show and waits until they are gone (a save's toast may still be up when a download's comes). A
 * toast also leaves by itself after 5 s, which a loaded machine may pass between a check and its click: then there is
 * nothing to click, and that is fine.
 */
export async function dismissToast(page: Page): Promise<void> {
  const toasts = page.getByTestId('toast');
  const deadline = Date.now() + 15_000;
  while ((await toasts.count()) > 0) {
    if (Date.now() > deadline) throw new Error(`${await toasts.count()} toast(s) still on show after 15 s`);
    await page
      .getByRole('button', { name: 'Close notification' })
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
    await toasts
      .first()
      .waitFor({ state: 'detached', timeout: 1_000 })
      .catch(() => undefined);
  }
}
