import type { Locator, Page } from 'playwright-core';

export class LandingPage {
  constructor(readonly page: Page) {}

  async open(query = ''): Promise<this> {
    await this.page.goto(`/${query}`);
    await this.generatorHeading.waitFor({ timeout: 30_000 });
    return this;
  }

  get generatorHeading(): Locator {
    return this.page.getByText('Generate Your QR Code').first();
  }

  get generator(): Locator {
    return this.page.locator('#generator');
  }

  get preselectedHero(): Locator {
    return this.page.getByTestId('preselected-hero');
  }
}
