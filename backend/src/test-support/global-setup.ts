import { randomBytes } from 'node:crypto';
import { createTemplateDatabase } from './database';

export default async function globalSetup(): Promise<void> {
  // Workers inherit this: every test file of this run copies this run's own template.
  process.env.QRS_TEMPLATE_DB ??= `qrs_tpl_${randomBytes(5).toString('hex')}`;
  await createTemplateDatabase();
}
