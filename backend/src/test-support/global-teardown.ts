import { dropTemplateDatabase } from './database';

export default async function globalTeardown(): Promise<void> {
  await dropTemplateDatabase();
}
