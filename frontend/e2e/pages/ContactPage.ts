import type { Page } from 'playwright-core';

export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  message: string;
  inquiryType?: string;
}

export class ContactPage {
  constructor(readonly page: Page) {}

  async open(): Promise<this> {
    await this.page.goto('/contact');
    await this.page.getByRole('heading', { name: 'Contact Us' }).waitFor();
    return this;
  }

  private get form() {
    return this.page.getByRole('form', { name: 'Contact form' });
  }

  async fill(input: ContactInput): Promise<void> {
    await this.form.getByLabel('Name').fill(input.name);
    await this.form.getByLabel('Email').fill(input.email);
    await this.form.getByLabel('Subject').fill(input.subject);
    await this.form.getByLabel('Message').fill(input.message);
    if (input.inquiryType) {
      await this.form.getByLabel('Inquiry type').click();
      await this.page.getByRole('option', { name: input.inquiryType }).click();
    }
  }

  async submit(): Promise<void> {
    await this.form.getByRole('button', { name: 'Send Message' }).click();
  }

  fieldValue(label: string) {
    return this.form.getByLabel(label).inputValue();
  }
}
