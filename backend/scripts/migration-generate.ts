/**
 * Writes a migration for the difference between the entities and the migrated schema:
 *   npm run migration:generate -w backend -- AddThing
 * Uses a scratch database on the test server (TEST_DATABASE_URL or local postgres), dropped afterwards.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDataSource } from '../src/database/data-source';
import { createTemplateDatabase, createTestDatabase } from '../src/test-support/database';

async function main() {
  const name = process.argv[2];
  if (!name || !/^[A-Za-z][A-Za-z0-9]*$/.test(name)) throw new Error('Usage: migration-generate <PascalCaseName>');
  await createTemplateDatabase();
  const db = await createTestDatabase();
  const dataSource = createDataSource(db.url, { poolSize: 2 });
  try {
    await dataSource.initialize();
    const sql = await dataSource.driver.createSchemaBuilder().log();
    if (sql.upQueries.length === 0) {
      console.log('Entities and migrations agree: nothing to generate.');
      return;
    }
    const timestamp = Date.now();
    const kebab = name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
    const line = (q: { query: string; parameters?: unknown[] }) =>
      `    await q.query(${JSON.stringify(q.query)}${q.parameters?.length ? `, ${JSON.stringify(q.parameters)}` : ''});`;
    const body = `import { MigrationInterface, QueryRunner } from 'typeorm';

export class ${name}${timestamp} implements MigrationInterface {
  name = '${name}${timestamp}';

  async up(q: QueryRunner): Promise<void> {
${sql.upQueries.map(line).join('\n')}
  }

  async down(q: QueryRunner): Promise<void> {
${[...sql.downQueries].reverse().map(line).join('\n')}
  }
}
`;
    const file = join(__dirname, '..', 'src', 'database', 'migrations', `${timestamp}-${kebab}.ts`);
    writeFileSync(file, body);
    console.log(`Wrote ${file}`);
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await db.drop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
