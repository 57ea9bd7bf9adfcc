// Issue 35: the dashboard's Tags page at 375 and 1280 px with axe and screenshots. An owner with three codes tagged
// "tables" (two) and "patio" (one) opens Tags from the menu: each tag with its count; a count opens the code list filtered
// by it; "tables" is renamed "Seats" on both codes (their cards show it), then "patio" is removed after a confirmation
// and leaves the page and its code. Needs: POST /api/register, the code creates, PUT .../tags, the tag routes.
import type { Page } from 'playwright-core';
import { DashboardPage } from './pages/DashboardPage';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
import { until } from './support/until';

const session = browserForFile();

async function capture(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(page, `${name}-${page.viewportSize()?.width ?? 0}`);
}

describe('the Tags page', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`lists tags with counts, renames one across codes and removes another (${viewport.width} px)`, async () => {
      const { page } = await session.newPage(viewport);
      const email = uniqueEmail(`tags-page-${viewport.width}`);
      expect((await page.request.post('/api/register', { data: { email, password: 'tags-password-9' } })).ok()).toBe(true);
      const create = async (name: string, tags: string[]) => {
        const res = await page.request.post('/api/qrcodes', {
          multipart: { qrType: 'url', url: `https://cafe.example/${encodeURIComponent(name)}`, codeName: name },
        });
        expect(res.status()).toBe(201);
        const { id } = (await res.json()) as { id: string };
        expect((await page.request.put(`/api/dashboard/codes/${id}/tags`, { data: { tags } })).status()).toBe(200);
        return id;
      };
      const one = await create('Table 1', ['tables']);
      const two = await create('Table 2', ['tables', 'patio']);
      await create('Bar', ['bar']);

      await page.goto('/dashboard/codes');
      const dashboard = new DashboardPage(page);
      await dashboard.waitForTitles(['Bar', 'Table 2', 'Table 1']);
      await dashboard.go('Tags');
      await page.getByRole('heading', { name: 'Tags', level: 1 }).waitFor();
      const list = page.getByRole('list', { name: 'Your tags' });
      const rows = async () => (await list.getByRole('listitem').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
      // The list leaves the accessibility tree while a dialog is open (and closing): wait for the rows, then compare.
      const rowsBecome = async (expected: string[]) => {
        await until(async () => JSON.stringify(await rows()) === JSON.stringify(expected), `tags ${expected.join(', ')}`).catch(
          () => undefined,
        );
        expect(await rows()).toEqual(expected);
      };
      await rowsBecome(['bar 1 code Rename Remove', 'patio 1 code Rename Remove', 'tables 2 codes Rename Remove']);
      await capture(page, 'tags-page');

      // A count opens the list filtered by the tag.
      await list.getByRole('link', { name: '2 codes' }).click();
      await dashboard.waitForTitles(['Table 2', 'Table 1']);
      await page.goBack();

      // Rename tables -> Seats on both codes.
      await list.getByRole('button', { name: 'Rename tables' }).click();
      const rename = page.getByRole('dialog', { name: 'Rename “tables”' });
      await rename.getByText('The new name goes on 2 codes.').waitFor();
      await rename.getByRole('textbox', { name: 'New name' }).fill('Seats');
      await capture(page, 'tags-rename');
      await rename.getByRole('button', { name: 'Rename' }).click();
      await rename.waitFor({ state: 'hidden' });
      await rowsBecome(['bar 1 code Rename Remove', 'patio 1 code Rename Remove', 'Seats 2 codes Rename Remove']);

      // Remove patio after the confirmation.
      await list.getByRole('button', { name: 'Remove patio' }).click();
      const remove = page.getByRole('dialog', { name: 'Remove “patio”?' });
      await remove.getByText('The tag is taken off 1 code. The codes themselves stay.').waitFor();
      await capture(page, 'tags-remove');
      await remove.getByRole('button', { name: 'Remove' }).click();
      await remove.waitFor({ state: 'hidden' });
      await rowsBecome(['bar 1 code Rename Remove', 'Seats 2 codes Rename Remove']);
      await capture(page, 'tags-after');

      const tagsOf = async (id: string) =>
        ((await (await page.request.get(`/api/dashboard/codes/${id}`)).json()) as { tags: string[] }).tags;
      expect(await tagsOf(one)).toEqual(['Seats']);
      expect(await tagsOf(two)).toEqual(['Seats']);
    });
  }
});
