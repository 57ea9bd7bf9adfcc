import { postMultipart } from './codes/codes.test-kit';
import { EventStore } from './event-store/event-store';
import { EVENT_STORE } from './event-store/event-store.tokens';
import { ProjectionsService } from './projections/projections.service';
import { REDIS } from './redis/redis.module';
import { UNLOCK_ATTEMPTS } from './scans/scan-fixtures';
import { TestClient } from './test-support/http';
import { PrivateRedis } from './test-support/private-redis';
import { startTestApp, TestApp } from './test-support/test-app';
import { signUp } from './test-support/users';

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

/**
 * Issue 27 item 4: while Redis is down, every rate limit still holds, counted in each process's memory with the same
 * limits (redis/fixed-window.ts). Before, 25 sign-ins and 40 password-code guesses passed with no 429 while Redis was
 * stopped. The app runs on a Redis of its own, stopped once the scene is set.
 */
describe('rate limits while Redis is down (fail closed)', () => {
  let redis: PrivateRedis;
  let app: TestApp;
  beforeAll(async () => {
    redis = new PrivateRedis({ appendOnly: false });
    await redis.start();
    app = await startTestApp({
      REDIS_URL: redis.url,
      TRUST_PROXY: '127.0.0.1',
      AUTH_RATE_LIMIT_PER_USERNAME: '5',
      AUTH_RATE_LIMIT_PER_IP: '1000',
      BULK_RATE_LIMIT_PER_MINUTE: '3',
      ACCOUNT_EXPORTS_PER_HOUR: '2',
      API_KEY_RATE_LIMIT_PER_MINUTE: '3',
    });
  });
  afterAll(async () => {
    await app?.close();
    await redis?.destroy();
  });

  it('sign-in, password guesses, bulk generation, data exports and API keys answer 429 at their limits with Redis stopped', async () => {
    const owner = new TestClient(app.url);
    const account = await signUp(owner);
    const created = await postMultipart(owner, '/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://example.com/menu' });
    expect(created.status).toBe(201);
    expect((await owner.put(`/api/dynamic-qrcodes/${created.body.id}/password`, { password: 'open sesame' })).status).toBe(200);
    const apiKey = await owner.post('/api/api-keys', { name: 'script', scopes: ['codes:read'] });
    expect(apiKey.status).toBe(201);
    const head = await app.app.get<EventStore>(EVENT_STORE).headPosition();
    if (head) await app.app.get(ProjectionsService).waitFor(head);

    await redis.stop();
    await expect(app.app.get(REDIS).ping()).rejects.toThrow();

    // Sign-in: five failures, then 429 (even for the right password), as with Redis up.
    const attacker = new TestClient(app.url);
    const logins: number[] = [];
    for (let i = 0; i < 6; i++)
      logins.push((await attacker.post('/api/login', { username: account.email, password: `guess-${i}` })).status);
    logins.push((await attacker.post('/api/login', { username: account.email, password: account.password })).status);
    expect(logins).toEqual([401, 401, 401, 401, 401, 429, 429]);

    // A password-protected code: UNLOCK_ATTEMPTS wrong guesses from one IP, then 429.
    const guesses: number[] = [];
    for (let i = 0; i <= UNLOCK_ATTEMPTS; i++) {
      const res = await attacker.request('POST', `/d/${created.body.shortCode}`, {
        headers: { 'user-agent': BROWSER_UA, 'x-forwarded-for': '198.51.100.7', 'content-type': 'application/x-www-form-urlencoded' },
        body: `password=guess-${i}`,
      });
      guesses.push(res.status);
    }
    expect(guesses).toEqual([...Array(UNLOCK_ATTEMPTS).fill(401), 429]);

    // Bulk generation: BULK_RATE_LIMIT_PER_MINUTE a minute per user.
    const bulk: number[] = [];
    for (let i = 0; i < 4; i++)
      bulk.push((await owner.post('/api/bulk-generate-qrcode', { qrType: 'text', qrData: { data: `x${i}` }, data: `x${i}` })).status);
    expect(bulk).toEqual([200, 200, 200, 429]);

    // The data export (issue 32 item 3): ACCOUNT_EXPORTS_PER_HOUR per account, then 429 saying when to come back.
    const exports: number[] = [];
    for (let i = 0; i < 3; i++) exports.push((await owner.get('/api/account/export')).status);
    expect(exports).toEqual([200, 200, 429]);
    const refused = await owner.get('/api/account/export');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);

    // An API key (issue 34): API_KEY_RATE_LIMIT_PER_MINUTE a minute, then 429 with its headers.
    const script = new TestClient(app.url);
    const calls = [];
    for (let i = 0; i < 4; i++) calls.push(await script.get('/api/qrcodes', { headers: { authorization: `Bearer ${apiKey.body.key}` } }));
    expect(calls.map((res) => [res.status, res.headers['ratelimit-remaining']])).toEqual([
      [200, '2'],
      [200, '1'],
      [200, '0'],
      [429, '0'],
    ]);
    expect(Number(calls[3].headers['retry-after'])).toBeGreaterThan(0);
  });
});
