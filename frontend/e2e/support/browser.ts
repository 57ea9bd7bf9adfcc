import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startStack, type Stack } from './stack';

export const CHROMIUM_ARGS = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export const MOBILE = { width: 375, height: 812 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;

/** Screenshots of every run land here (kept out of git, see frontend/.gitignore). */
export const SCREENSHOT_DIR = path.resolve(__dirname, '..', 'screenshots');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** E2E_BASE_URL aims the tests at an already running app; otherwise a fresh stack per file. */
export async function openStack(): Promise<Stack> {
  const external = process.env.E2E_BASE_URL;
  if (external) return { baseUrl: external.replace(/\/+$/, ''), stop: async () => undefined };
  return startStack();
}

export interface Session {
  stack: Stack;
  browser: Browser;
  newPage(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

export async function openSession(): Promise<Session> {
  const [stack, browser] = await Promise.all([openStack(), launchBrowser()]);
  const contexts: BrowserContext[] = [];
  return {
    stack,
    browser,
    async newPage(viewport = DESKTOP) {
      const context = await browser.newContext({ viewport, baseURL: stack.baseUrl, acceptDownloads: true });
      contexts.push(context);
      const page = await context.newPage();
      return { context, page };
    },
    async close() {
      await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
      await browser.close().catch(() => undefined);
      await stack.stop();
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

export const uniqueEmail = (prefix = 'shark') => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
