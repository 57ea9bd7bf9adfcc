// Issue 35: tags and bulk actions on the dashboard's code list, at 1280 and 375 px, with axe (no serious or critical
// violations) and screenshots. An owner with two dynamic codes and a static one selects all three and pauses them:
// the two dynamic codes pause, the static one is reported with the server's reason and stays selected. On the Paused
// page both are resumed together. Two codes are tagged "tables" at once; their cards show the chip and the list's Tag
// filter shows just them. The edit page's tag editor adds a tag to the third; Untag takes "tables" off one code; a
// bulk Delete asks first, then deletes.
import type { Page } from 'playwright-core';
import { DashboardPage } from './pages/DashboardPage';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';

const session = browserForFile();

async function capture(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `${name}-${page.viewportSize()?.width ?? 0}`);
}

describe('tags and bulk actions on the code list', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ])(
    'select, pause (one fails alone), resume, tag, filter, edit tags, untag, delete (%s)',
    async (_label, viewport) => {
      const { page } = await session.newPage(viewport);
      const email = uniqueEmail('tags');
      expect((await page.request.post('/api/register', { data: { email, password: 'tags-password-9' } })).ok()).toBe(true);
      const create = async (path: string, multipart: Record<string, string>) => {
        const res = await page.request.post(path, { multipart });
        expect(res.status()).toBe(201);
        return ((await res.json()) as { id: string }).id;
      };
      const tableA = await create('/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://cafe.example/a', codeName: 'Table A' });
      const tableB = await create('/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://cafe.example/b', codeName: 'Table B' });
      const sign = await create('/api/qrcodes', { qrType: 'text', qrData: JSON.stringify({ text: 'Welcome' }), codeName: 'Door sign' });

      const dashboard = new DashboardPage(page);
      const select = (title: string) => page.getByRole('checkbox', { name: `Select ${title}` }).check();
      const bulk = page.getByTestId('bulk-actions');
      const tagsOn = (id: string) => dashboard.card(id).getByTestId('code-tag').allInnerTexts();

      await page.goto('/dashboard/codes');
      await dashboard.waitForTitles(['Door sign', 'Table B', 'Table A']);
      for (const title of ['Door sign', 'Table B', 'Table A']) await select(title);
      await bulk.waitFor();
      await capture(page, 'bulk-selected');

      // Pause: the dynamic codes pause and leave the Active list; the static one fails alone, says why, stays selected.
      await bulk.getByRole('button', { name: 'Pause', exact: true }).click();
      const report = page.getByTestId('bulk-report');
      await report.waitFor();
      expect(await report.getByTestId('bulk-failure').allInnerTexts()).toEqual(['Door sign: Only dynamic QR codes can do this']);
      expect(await report.innerText()).toContain('1 of 3 codes not paused');
      await dashboard.waitForTitles(['Door sign']);
      expect(await page.getByRole('checkbox', { name: 'Select Door sign' }).isChecked()).toBe(true);
      await capture(page, 'bulk-paused-report');
      await report.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('checkbox', { name: 'Select Door sign' }).uncheck();

      // Resume both on the Paused page.
      await page.goto('/dashboard/paused');
      await dashboard.waitForTitles(['Table B', 'Table A']);
      await select('Table B');
      await select('Table A');
      await bulk.getByRole('button', { name: 'Resume', exact: true }).click();
      await page.getByTestId('no-paused-codes').waitFor();

      // Tag two codes at once; their cards show the chip.
      await page.goto('/dashboard/codes');
      await dashboard.waitForTitles(['Door sign', 'Table B', 'Table A']);
      await select('Door sign');
      await select('Table A');
      await bulk.getByRole('button', { name: 'Tag', exact: true }).click();
      const tagDialog = dashboard.dialog('Tag 2 codes');
      await tagDialog.getByLabel('Tag').fill('tables');
      await capture(page, 'bulk-tag-dialog');
      await tagDialog.getByRole('button', { name: 'Add tag' }).click();
      await dashboard.card(tableA).getByTestId('code-tag').waitFor();
      expect(await tagsOn(tableA)).toEqual(['tables']);
      expect(await tagsOn(sign)).toEqual(['tables']);
      expect(await tagsOn(tableB)).toEqual([]);

      // The Tag filter lists the owner's tags and shows only the tagged codes.
      await page.goto(`/dashboard/codes?filter=${encodeURIComponent(JSON.stringify({ tag: 'tables' }))}`);
      // The filter names its value once the owner's tags have loaded (before, it shows an empty select).
      await page.getByRole('combobox', { name: 'Tag' }).filter({ hasText: 'tables (2)' }).waitFor();
      expect(await page.getByRole('combobox', { name: 'Tag' }).innerText()).toBe('tables (2)');
      await dashboard.waitForTitles(['Door sign', 'Table A']);
      await capture(page, 'tag-filter');

      // The edit page's tag editor: Table B gets "window".
      await page.goto(`/dashboard/codes/${tableB}`);
      const editor = page.getByTestId('tags-editor');
      await editor.getByLabel('Tags').fill('window');
      await editor.getByLabel('Tags').press('Enter');
      await editor.getByRole('button', { name: 'Save tags' }).click();
      await page.getByText('Tags saved').first().waitFor();
      await capture(page, 'tags-editor');
      await page.goto('/dashboard/codes');
      await dashboard.card(tableB).getByTestId('code-tag').waitFor();
      expect(await tagsOn(tableB)).toEqual(['window']);

      // Untag Table A.
      await select('Table A');
      await bulk.getByRole('button', { name: 'Untag', exact: true }).click();
      const untagDialog = dashboard.dialog('Remove a tag from 1 code');
      // The owner's tags are offered as they type: picking one closes the suggestions.
      await untagDialog.getByLabel('Tag').fill('tab');
      await page.getByRole('option', { name: 'tables', exact: true }).click();
      await untagDialog.getByRole('button', { name: 'Remove tag' }).click();
      await dashboard.card(tableA).getByTestId('code-tag').waitFor({ state: 'detached' });
      expect(await tagsOn(sign)).toEqual(['tables']);

      // Delete asks first.
      await select('Table B');
      await bulk.getByRole('button', { name: 'Delete', exact: true }).click();
      const confirm = dashboard.dialog('Delete 1 code?');
      await confirm.waitFor();
      await capture(page, 'bulk-delete-confirm');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await dashboard.waitForTitles(['Door sign', 'Table A']);
    },
    120_000,
  );
});
