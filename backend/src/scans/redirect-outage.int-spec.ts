import { Client } from 'pg';
import { clientWithErrorListener } from '../database/pg-error-listeners';
import { TEST_ADMIN_URL } from '../test-support/database';
import { startTestApp, TestApp } from '../test-support/test-app';
import { BROWSER_UA, createCodeByEvents } from './scan-fixtures';
import { letTimePass } from '../test-support/until';

/**
 * Issue 13: while PostgreSQL is down, /d/ keeps answering from its cache, also past SCAN_CACHE_TTL_MS (an expired
 * entry is served while the read model cannot be read); a code never seen answers the 503 page.
 */
describe('GET /d/{code} while the database is unavailable', () => {
  let app: TestApp;
  let admin: Client;
  beforeAll(async () => {
    app = await startTestApp({ SCAN_CACHE_TTL_MS: '200' });
    admin = clientWithErrorListener(new Client({ connectionString: TEST_ADMIN_URL }));
    await admin.connect();
  });
  afterAll(async () => {
    await admin.query(`ALTER DATABASE ${app.db.name} ALLOW_CONNECTIONS true`).catch(() => undefined);
    await admin.end();
    await app.close();
  });

  const scan = (code: string) => fetch(`${app.url}/d/${code}`, { redirect: 'manual', headers: { 'user-agent': BROWSER_UA } });

  it('answers a code it has seen from its cache past the TTL, and 503 for one it has not', async () => {
    const code = await createCodeByEvents(app.app, { destination: 'https://outage.example/menu' });
    const unseen = await createCodeByEvents(app.app, { destination: 'https://unseen.example/' });
    expect((await scan(code.shortCode)).status).toBe(302);

    await admin.query(`ALTER DATABASE ${app.db.name} ALLOW_CONNECTIONS false`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [app.db.name]);
    try {
      await letTimePass(600, 'three TTLs (200 ms, set above): the cached entry has expired');
      for (let i = 0; i < 5; i++) {
        const res = await scan(code.shortCode);
        expect(res.status).toBe(302);
        expect(res.headers.get('location')).toBe('https://outage.example/menu');
      }
      expect((await scan(unseen.shortCode)).status).toBe(503);
    } finally {
      await admin.query(`ALTER DATABASE ${app.db.name} ALLOW_CONNECTIONS true`);
    }
  });
});
