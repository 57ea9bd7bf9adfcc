// Templates: chips filter the 13 cards; 'Use Template' opens the generator on the template's type, prefilled.
// Static pages only: runs against the built frontend as soon as the backend serves it.
import type { Page } from 'playwright-core';
import { browserForFile } from './support/browser';
import { LandingPage } from './pages/LandingPage';
import { TemplatesPage } from './pages/TemplatesPage';

const session = browserForFile();
let page: Page;

beforeAll(async () => {
  ({ page } = await session.newPage());
});

test('13 template cards, 5 category chips that filter them', async () => {
  const templates = await new TemplatesPage(page).open();
  expect(await templates.cards().count()).toBe(13);
  for (const chip of ['All Templates', 'Business', 'Personal', 'Hospitality', 'Events']) {
    await page.getByRole('button', { name: chip, exact: true }).waitFor();
  }
  await templates.filter('Hospitality');
  expect(await templates.cards().count()).toBe(3);
  await templates.filter('All Templates');
  expect(await templates.cards().count()).toBe(13);
  await page.getByRole('link', { name: 'Create Custom QR Code' }).waitFor();
});

test('Use Template stores the choice and opens the generator prefilled', async () => {
  const templates = await new TemplatesPage(page).open();
  await templates.use('website');
  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('qr') === 'url');
  const landing = new LandingPage(page);
  await landing.generatorHeading.waitFor({ timeout: 30_000 });
  await landing.preselectedHero.waitFor();
  expect(await landing.preselectedHero.innerText()).toContain('Website URL');
  const urlField = landing.generator.getByLabel('Website URL', { exact: false }).first();
  await urlField.waitFor();
  expect(await urlField.inputValue()).toBe('https://www.example.com');
});

test('a contact template prefills the contact fields', async () => {
  const templates = await new TemplatesPage(page).open();
  await templates.use('business-card');
  await page.waitForURL((url) => url.searchParams.get('qr') === 'contact');
  const landing = new LandingPage(page);
  await landing.generatorHeading.waitFor({ timeout: 30_000 });
  const firstName = landing.generator.getByLabel('First Name', { exact: false }).first();
  await firstName.waitFor();
  expect(await firstName.inputValue()).toBe('Alex');
});
