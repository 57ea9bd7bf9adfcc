// Blog: search over title, excerpt and tags; category chips; a post; an unknown post.
// Static pages only.
import type { Page } from 'playwright-core';
import { browserForFile } from './support/browser';
import { BlogPage } from './pages/BlogPage';

const session = browserForFile();
let page: Page;

beforeAll(async () => {
  ({ page } = await session.newPage());
});

test('lists 10 posts with at most 3 tags each, and 8 category chips', async () => {
  const blog = await new BlogPage(page).open();
  expect(await blog.cards().count()).toBe(10);
  for (const card of await blog.cards().all()) {
    expect(await card.locator('.MuiChip-outlined').count()).toBeLessThanOrEqual(3);
  }
  const chips = page.getByRole('group', { name: 'Filter articles by category' }).getByRole('button');
  expect(await chips.allInnerTexts()).toEqual([
    'All',
    'Marketing',
    'Technology',
    'Security',
    'Industry',
    'Analytics',
    'Design',
    'Shark Tips',
  ]);
});

test('search matches titles, excerpts and tags; nothing found shows the empty state', async () => {
  const blog = await new BlogPage(page).open();
  await blog.search('error correction');
  expect(await blog.cards().count()).toBe(1);
  await blog.search('quishing'); // a tag and the excerpt
  expect(await blog.cards().count()).toBe(1);
  await blog.search('zebra crossing');
  await page.getByText('No articles found').waitFor();
  await blog.search('');
  await blog.category('Shark Tips');
  expect(await blog.cards().count()).toBe(2);
});

test('a post renders its markdown; an unknown id shows Post Not Found', async () => {
  const blog = await new BlogPage(page).open();
  await blog.search('error correction');
  await blog.readMore('QR Code Error Correction Explained: L, M, Q and H');
  await page.waitForURL('**/blog/2');
  await page.getByRole('heading', { level: 1, name: 'QR Code Error Correction Explained: L, M, Q and H' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'What we use and why' }).waitFor();
  expect(await page.locator('article li').count()).toBeGreaterThanOrEqual(4);
  await page.getByRole('button', { name: 'Share' }).waitFor();
  expect(await page.title()).toContain('QR Code Error Correction Explained');

  await page.goto('/blog/99');
  await page.getByRole('heading', { name: 'Post Not Found' }).waitFor();
  await page.getByRole('link', { name: 'Back to Blog' }).click();
  await page.waitForURL((url) => url.pathname === '/blog');
});
