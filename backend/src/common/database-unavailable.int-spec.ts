import { Client } from 'pg';
import { clientWithErrorListener } from '../database/pg-error-listeners';
import { TEST_ADMIN_URL } from '../test-support/database';
import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { signUp } from '../test-support/users';
import { until } from '../test-support/until';
import { SERVICE_UNAVAILABLE } from '../http/errors.filter';

/**
 * The database goes away under a running app (every connection terminated, none accepted, as in a restart) and
 * comes back: requests meanwhile are answered 503 with a clear message, never 500 and never a hang, and the same
 * process serves again afterwards without a restart.
 */
describe('while the database is unavailable', () => {
  let app: TestApp;
  let admin: Client;
  beforeAll(async () => {
    app = await startTestApp();
    admin = clientWithErrorListener(new Client({ connectionString: TEST_ADMIN_URL }));
    await admin.connect();
  });
  afterAll(async () => {
    await admin.query(`ALTER DATABASE ${app.db.name} ALLOW_CONNECTIONS true`).catch(() => undefined);
    await admin.end();
    await app.close();
  });

  const takeDown = async () => {
    await admin.query(`ALTER DATABASE ${app.db.name} ALLOW_CONNECTIONS false`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
      app.db.name,
    ]);
  };
  const bringBack = () => admin.query(`ALTER DATABASE ${app.db.name} ALLOW_CONNECTIONS true`);

  it('answers 503 with Retry-After instead of 500 or hanging, and serves again once it is back', async () => {
    const client = new TestClient(app.url, { origin: app.url });
    await signUp(client);
    expect((await client.get('/api/qrcodes')).status).toBe(200);

    await takeDown();
    try {
      const started = Date.now();
      const answers = await Promise.all([
        client.get('/api/qrcodes'),
        client.get('/api/dynamic-qrcodes'),
        new TestClient(app.url, { origin: app.url }).post('/api/register', { email: 'down@example.com', password: 'secret-123' }),
        client.post('/api/newsletter-signup', { email: 'down@example.com' }),
      ]);
      for (const res of answers) {
        expect(res.status).toBe(503);
        expect(res.body.message).toBe(SERVICE_UNAVAILABLE);
        expect(res.headers['retry-after']).toBe('5');
      }
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await bringBack();
    }

    // Back without a restart: the same signed-in client lists its codes and can create one.
    await until(async () => (await client.get('/api/qrcodes')).status === 200, 'the codes list answering again', 15_000);
    const created = await client.post('/api/qrcodes', { qrType: 'text', text: 'back again' });
    expect(created.status).toBe(201);
  }, 60_000);
});
