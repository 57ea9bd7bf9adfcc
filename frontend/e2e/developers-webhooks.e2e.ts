// The Developers page's webhooks (issue 34): create a webhook to a loopback receiver (URL, events, bots), its signing
// secret shown once with a copy button; the receiver refuses the code.created delivery until the webhook is disabled
// (3 quick tries in the test stack), the page shows it disabled and the delivery failed; Enable turns it back on
// without sending anything; Retry sends the failed delivery again with the same webhook-id and body (signature checked
// here with the Standard Webhooks algorithm); Replay from a date sends it once more; Delete asks first. 375 and
// 1280 px, with screenshots and axe.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { DashboardPage } from './pages/DashboardPage';
import { SiteChrome } from './pages/SiteChrome';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
import { dismissToast } from './support/toasts';

const session = browserForFile();

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  answered: number;
}

/** Records every POST; answers 503 on a path while it is listed in `down`, else 200. */
const received: Received[] = [];
const down = new Set<string>();
let server: Server;
let receiverUrl = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answered = down.has(req.url ?? '') ? 503 : 200;
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), answered });
      res.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Standard Webhooks, from the specification: base64 HMAC-SHA256 of `id.timestamp.body` keyed with the secret's bytes. */
function verifies(secret: string, delivery: Received): boolean {
  const id = String(delivery.headers['webhook-id']);
  const timestamp = String(delivery.headers['webhook-timestamp']);
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${delivery.body}`).digest('base64');
  return String(delivery.headers['webhook-signature'])
    .split(' ')
    .some((entry) => entry === `v1,${expected}`);
}

const settled = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-container')].every((node) => getComputedStyle(node).opacity === '1'),
  );

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A `datetime-local` value (this machine's local time, as the browser's) one hour ago. */
function anHourAgo(): string {
  const at = new Date(Date.now() - 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  const day = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
  return `${day}T${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}

describe('Developers: webhooks', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`creates a webhook, shows it disabled, enables it, retries and replays a delivery, deletes it (${viewport.width} px)`, async () => {
      const { context, page } = await session.newPage(viewport);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.baseUrl });
      const email = uniqueEmail(`webhooks-${viewport.width}`);
      expect((await page.request.post('/api/register', { data: { email, password: 'webhooks-password-9' } })).ok()).toBe(true);
      const dashboard = new DashboardPage(page);
      const chrome = new SiteChrome(page);
      const path = `/hook-${viewport.width}`;
      const url = `${receiverUrl}${path}`;
      const at = () => received.filter((delivery) => delivery.path === path);
      await page.goto('/dashboard/codes');
      await dashboard.go('Developers');
      await page.waitForURL((where) => where.pathname === '/dashboard/developers');
      await page.getByText('No webhooks yet.').waitFor();

      // The form refuses no URL and no event; then code.created and code.paused, bots too.
      const form = page.getByRole('form', { name: 'Create a webhook' });
      await form.getByRole('checkbox', { name: /^scan\.created/ }).uncheck();
      await form.getByRole('button', { name: 'Create webhook' }).click();
      await form.getByText('URL is required').waitFor();
      await form.getByText('Choose at least one event').waitFor();
      await form.getByRole('textbox', { name: 'URL' }).fill(url);
      await form.getByRole('checkbox', { name: /^code\.created/ }).check();
      await form.getByRole('checkbox', { name: /^code\.paused/ }).check();
      await form.getByRole('checkbox', { name: /Include bots/ }).check();
      await form.getByRole('button', { name: 'Create webhook' }).click();

      const dialog = page.getByRole('dialog', { name: "Your webhook's signing secret" });
      await dialog.waitFor();
      const secret = (await dialog.getByTestId('new-webhook-secret').innerText()).trim();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      await dialog.getByRole('button', { name: 'Copy secret' }).click();
      expect(await chrome.waitForToast('Copied')).toContain('The secret is on your clipboard.');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await dismissToast(page);
      await settled(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `developers-webhook-secret-${viewport.width}`);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });

      const row = page.getByTestId('webhook');
      await row.first().waitFor();
      expect(await row.count()).toBe(1);
      expect(await row.getByTestId('webhook-url').innerText()).toBe(url);
      await row.getByText('Active', { exact: true }).waitFor();
      for (const chip of ['code.created', 'code.paused', 'bots too']) await row.getByText(chip, { exact: true }).waitFor();
      expect(await page.content()).not.toContain(secret);

      // The receiver is down: the code.created delivery fails every try and the webhook is disabled.
      down.add(path);
      const created = await page.request.post('/api/dynamic-qrcodes', {
        multipart: { qrType: 'url', destination: 'https://example.com/hooked' },
      });
      expect(created.status()).toBe(201);
      await until(() => at().length === 3, 'three refused attempts', 90_000);
      down.delete(path);
      await row.getByRole('button', { name: 'Deliveries' }).click();
      const delivery = row.getByTestId('delivery');
      for (let attempt = 0; attempt < 30 && !(await row.getByText('Disabled', { exact: true }).count()); attempt++) {
        await page.reload();
        await row.getByRole('button', { name: 'Deliveries' }).click();
      }
      await row.getByText(/after a delivery failed every try \(HTTP 503 after 3 attempts\)/).waitFor();
      await delivery.first().waitFor();
      expect(await delivery.count()).toBe(1);
      expect(await delivery.getByTestId('delivery-event').innerText()).toBe('code.created');
      expect(await delivery.getByTestId('delivery-status').innerText()).toBe('failed');
      await delivery.getByText(/3 attempts · last: HTTP 503/).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, `developers-webhook-failed-${viewport.width}`);

      // Enable: the webhook is active again, the failed delivery stays failed (nothing old is sent).
      await row.getByRole('button', { name: `Enable the webhook to ${url}` }).click();
      await chrome.waitForToast('Webhook enabled');
      await dismissToast(page);
      await row.getByText('Active', { exact: true }).waitFor();
      expect(await row.getByRole('button', { name: `Enable the webhook to ${url}` }).count()).toBe(0);
      expect(await row.getByText(/failed every try/).count()).toBe(0);
      expect(await delivery.getByTestId('delivery-status').innerText()).toBe('failed');
      expect(at()).toHaveLength(3);

      // Retry: the same webhook-id and body, accepted.
      await delivery.getByRole('button', { name: 'Retry the code.created delivery' }).click();
      await chrome.waitForToast('Retry queued');
      await dismissToast(page);
      await until(() => at().length === 4, 'the retried delivery', 90_000);
      const [first, , , retried] = at();
      expect(retried.answered).toBe(200);
      expect(retried.headers['webhook-id']).toBe(first.headers['webhook-id']);
      expect(retried.body).toBe(first.body);
      expect(verifies(secret, retried)).toBe(true);
      expect(JSON.parse(retried.body)).toMatchObject({
        type: 'code.created',
        data: { codeId: ((await created.json()) as { id: string }).id },
      });
      await delivery.getByTestId('delivery-status').getByText('delivered').waitFor();
      await delivery.getByText(/4 attempts · last: HTTP 200/).waitFor();
      await row.getByText('Active', { exact: true }).waitFor();
      expect(await row.getByText(/failed every try/).count()).toBe(0);

      // Replay from an hour ago: code.created again, same webhook-id, listed as a replay.
      const replay = row.getByRole('form', { name: 'Replay events' });
      await replay.getByRole('button', { name: 'Replay' }).click();
      await replay.getByText('Choose a date and time').waitFor();
      await replay.getByLabel('Replay from').fill(anHourAgo());
      await replay.getByRole('button', { name: 'Replay' }).click();
      await chrome.waitForToast('Replay requested');
      await dismissToast(page);
      await until(() => at().length === 5, 'the replayed delivery', 90_000);
      expect(at()[4].headers['webhook-id']).toBe(first.headers['webhook-id']);
      expect(at()[4].body).toBe(first.body);
      await delivery.filter({ hasText: 'replay' }).getByText('delivered').waitFor();
      expect(await delivery.count()).toBe(2);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, `developers-webhook-deliveries-${viewport.width}`);

      // Delete, confirmed: the list is empty and nothing more arrives.
      await row.getByRole('button', { name: `Delete the webhook to ${url}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this webhook?' });
      await confirm.getByText(`${url} gets nothing more`, { exact: false }).waitFor();
      await settled(page);
      await screenshot(page, `developers-webhook-delete-${viewport.width}`);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await chrome.waitForToast('Webhook deleted');
      await page.getByText('No webhooks yet.').waitFor();
      const code = ((await created.json()) as { id: string }).id;
      expect((await page.request.post(`/api/dynamic-qrcodes/${code}/pause`)).status()).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(at()).toHaveLength(5);
    }, 300_000);
  }
});
