// Screenshots of the landing page, the generator and the auth page at 375 px and 1280 px.
// Saved under frontend/e2e/screenshots/ (kept out of git). Static pages only.
import { stat } from 'node:fs/promises';
import { browserForFile, DESKTOP, MOBILE, screenshot } from './support/browser';
import { LandingPage } from './pages/LandingPage';

const session = browserForFile();

for (const [label, viewport] of [
  ['375', MOBILE],
  ['1280', DESKTOP],
] as const) {
  test(`landing, generator and auth at ${label} px`, async () => {
    const { page } = await session.newPage(viewport);
    const landing = await new LandingPage(page).open();
    await page.waitForLoadState('networkidle');
    const files = [await screenshot(page, `landing-${label}`)];
    await landing.generator.scrollIntoViewIfNeeded();
    await landing.generator.screenshot({ path: files[0].replace(`landing-${label}`, `generator-${label}`) });
    files.push(files[0].replace(`landing-${label}`, `generator-${label}`));
    await page.goto('/auth');
    await page.getByRole('heading', { name: 'Welcome back!' }).waitFor();
    files.push(await screenshot(page, `auth-${label}`));
    for (const file of files) expect((await stat(file)).size).toBeGreaterThan(5_000);
  });
}
