import { createTemplateDatabase } from './database';

export default async function globalSetup(): Promise<void> {
  await createTemplateDatabase();
}
