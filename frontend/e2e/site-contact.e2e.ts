// Contact form: every validation message, then a real submission.
// The submission needs POST /api/contact.
import type { Page } from 'playwright-core';
import { browserForFile } from './support/browser';
import { ContactPage } from './pages/ContactPage';
import { SiteChrome } from './pages/SiteChrome';

const session = browserForFile();
let page: Page;

beforeAll(async () => {
  ({ page } = await session.newPage());
});

test('shows every validation message and the phone hours', async () => {
  const contact = await new ContactPage(page).open();
  await page.getByText('Mon-Fri 9AM-6PM EST').waitFor();
  await contact.fill({ name: 'A', email: 'nope', subject: 'Hi', message: 'short' });
  await contact.submit();
  for (const message of [
    'Name must be at least 2 characters',
    'Please enter a valid email address',
    'Subject must be at least 5 characters',
    'Message must be at least 10 characters',
  ]) {
    await page.getByText(message, { exact: true }).waitFor();
  }
});

test('POST /api/contact: success toast and the form resets', async () => {
  const contact = await new ContactPage(page).open();
  await contact.fill({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    subject: 'Bulk labels for a warehouse',
    message: 'Can we generate 2,000 asset labels at once?',
    inquiryType: 'Business and partnerships',
  });
  await contact.submit();
  const text = await new SiteChrome(page).waitForToast('Message Sent!');
  expect(text).toContain("Thank you for contacting us. We'll get back to you within 24 hours.");
  expect(await contact.fieldValue('Name')).toBe('');
});
