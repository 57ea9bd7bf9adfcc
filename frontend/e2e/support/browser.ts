import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { runBaseUrl, storedUser } from './run';

export { uniqueEmail } from './run';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const MOBILE = { width: 375, height: 812 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;

/** Screenshots of every run land here (kept out of git, see frontend/.gitignore). */
export const SCREENSHOT_DIR = path.resolve(__dirname, '..', 'screenshots');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export interface PageOptions {
  /** Start as the run's stored signed-in user (storageState) instead of a signed-out visitor. */
  signedIn?: boolean;
}

export interface Session {
  /** The run's one stack (globalSetup), shared by every file. */
  baseUrl: string;
  browser: Browser;
  newPage(viewport?: { width: number; height: number }, options?: PageOptions): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * A browser for this test file on the run's shared stack: opened before its tests, closed after them
 * (registers beforeAll/afterAll, so call it at the top level of the file). Every page gets a fresh context.
 */
export function browserForFile(): Session {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close().catch(() => undefined);
  });
  const opened = (): Browser => {
    if (!browser) throw new Error('The browser opens in beforeAll: ask for pages inside hooks or tests.');
    return browser;
  };
  return {
    get baseUrl() {
      return runBaseUrl();
    },
    get browser() {
      return opened();
    },
    async newPage(viewport = DESKTOP, { signedIn = false } = {}) {
      const context = await opened().newContext({
        viewport,
        baseURL: runBaseUrl(),
        acceptDownloads: true,
        ...(signedIn ? { storageState: storedUser().storageState } : {}),
      });
      contexts.push(context);
      const page = await context.newPage();
      return { context, page };
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}
