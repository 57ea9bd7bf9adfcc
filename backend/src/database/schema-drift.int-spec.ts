import { createDataSource } from './data-source';
import { createTestDatabase, TestDatabase } from '../test-support/database';

/** CI check: an entity changed without a migration fails here (generate one: npm run migration:generate -w backend -- Name). */
describe('entities and migrations', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('the migrated schema is exactly what the entities describe', async () => {
    const dataSource = createDataSource(db.url, { poolSize: 1 });
    await dataSource.initialize();
    try {
      const pending = await dataSource.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((query) => query.query)).toEqual([]);
    } finally {
      await dataSource.destroy();
    }
  });
});
