// Issue 15, item 7: Plain Text and Wi-Fi are in the generator, and Events, SMS and Bitcoin no longer wait behind
// 'Future Feature'. Each: the required-field message on an empty submit, then a generated code whose downloaded
// PNG decodes (zxing-wasm) to exactly what qr-core encodes for those fields. The Wi-Fi template makes a Wi-Fi code.
// Screenshots of the Wi-Fi form with its code at 375 and 1280 px.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { encodePayload, type QrType } from '@qrsharks/qr-core';
import type { Locator, Page } from 'playwright-core';
import { decodeQr, prepareDecoder } from './support/decode';
import { browserForFile, DESKTOP, MOBILE, SCREENSHOT_DIR } from './support/browser';
import { runBaseUrl } from './support/run';

const session = browserForFile();
let page: Page;

beforeAll(prepareDecoder);

afterEach(async () => {
  await page?.context().close();
});

async function openGenerator(viewport: { width: number; height: number } = DESKTOP, query = ''): Promise<void> {
  ({ page } = await session.newPage(viewport));
  await page.goto(`/${query}`);
  await card().waitFor({ timeout: 30_000 });
}

const card = (): Locator => page.getByRole('region', { name: 'Generate Your QR Code' });
const field = (label: string): Locator => card().getByLabel(label, { exact: false }).first();

async function chooseType(label: string): Promise<void> {
  await card().getByRole('combobox', { name: 'QR Code Type' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  expect(await page.getByRole('dialog', { name: 'Future Feature' }).count()).toBe(0);
}

const submit = () => card().getByRole('button', { name: 'Generate QR Code' }).click();

async function downloadedText(): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), card().getByRole('button', { name: 'Download PNG' }).click()]);
  return decodeQr(new Uint8Array(await readFile(await download.path())));
}

interface Case {
  label: string;
  type: QrType;
  required: string;
  fill: () => Promise<void>;
  fields: Record<string, unknown>;
}

const CASES: Case[] = [
  {
    label: 'Plain Text',
    type: 'text',
    required: 'Text is required',
    fill: () => card().getByRole('textbox', { name: /^Text/ }).fill('Shark sighting: 3 pm, pier 4. Café open; bring ID.'),
    fields: { text: 'Shark sighting: 3 pm, pier 4. Café open; bring ID.' },
  },
  {
    label: 'Wi-Fi',
    type: 'wifi',
    required: 'Network name is required',
    fill: async () => {
      await field('Network Name (SSID)').fill('Sharks; Café');
      await field('Password').fill('p:ss"word,1');
      await card().getByRole('checkbox', { name: 'Hidden network' }).check();
    },
    fields: { ssid: 'Sharks; Café', password: 'p:ss"word,1', encryption: 'WPA', hidden: true },
  },
  {
    label: 'Events',
    type: 'events',
    required: 'Event title is required',
    fill: async () => {
      await field('Event Title').fill('Summer Festival');
      await field('Start Date').fill('2026-07-18T14:00');
      await field('Location').fill('Riverside Park');
    },
    fields: { title: 'Summer Festival', startDate: '2026-07-18T14:00', endDate: '', location: 'Riverside Park', description: '' },
  },
  {
    label: 'SMS',
    type: 'sms',
    required: 'Phone number is required',
    fill: async () => {
      await field('Phone Number').fill('+1 555 010 9999');
      await field('Message').fill('Table for two at 8?');
    },
    fields: { phoneNumber: '+1 555 010 9999', message: 'Table for two at 8?' },
  },
  {
    label: 'Bitcoin',
    type: 'bitcoin',
    required: 'Bitcoin address is required',
    fill: async () => {
      await field('Bitcoin Address').fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
      await field('Amount (BTC)').fill('0.0015');
    },
    fields: { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', amount: '0.0015', label: '', message: '' },
  },
];

describe('the generator offers Text, Wi-Fi, Events, SMS and Bitcoin', () => {
  it.each(CASES.map((c) => [c.label, c] as const))('%s: validated, generated, and the PNG decodes to its content', async (_label, c) => {
    await openGenerator();
    await chooseType(c.label);
    await submit();
    await card().getByText(c.required, { exact: true }).first().waitFor({ timeout: 5_000 });
    await c.fill();
    await submit();
    await page.getByText('QR Code generated', { exact: true }).first().waitFor({ timeout: 10_000 });
    expect(await card().getByTestId('qr-preview').getAttribute('data-state')).toBe('svg');
    const expected = encodePayload(c.type, c.fields, { origin: runBaseUrl() });
    expect(await downloadedText()).toEqual([expected]);
  });

  it('the Wi-Fi template makes a real Wi-Fi code', async () => {
    ({ page } = await session.newPage(DESKTOP));
    await page.goto('/templates');
    await page
      .getByTestId('template-wifi')
      .getByRole('button', { name: /^Use Template/ })
      .click();
    await page.waitForURL((url) => url.searchParams.get('qr') === 'wifi');
    await card().waitFor({ timeout: 30_000 });
    expect(await field('Network Name (SSID)').inputValue()).toBe('Guest Wi-Fi');
    await submit();
    await page.getByText('QR Code generated', { exact: true }).first().waitFor({ timeout: 10_000 });
    expect(await downloadedText()).toEqual(['WIFI:T:WPA;S:Guest Wi-Fi;P:welcome-guest;;']);
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`is captured with a Wi-Fi code at ${viewport.width} px`, async () => {
      await openGenerator(viewport);
      await chooseType('Wi-Fi');
      await CASES[1].fill();
      await submit();
      await page.getByText('QR Code generated', { exact: true }).first().waitFor({ timeout: 10_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      await card().screenshot({ path: path.join(SCREENSHOT_DIR, `generator-wifi-${viewport.width}.png`) });
    });
  }
});
