import { createRedis } from '../../redis/redis.module';
import { parseEnv } from '../../config/env';
import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { signUp } from '../../test-support/users';
import { RateLimiter } from './rate-limiter';

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

describe('rate limits of POST /api/login and POST /api/register', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ AUTH_RATE_LIMIT_PER_USERNAME: '3', AUTH_RATE_LIMIT_PER_IP: '8', AUTH_RATE_LIMIT_WINDOW_SECONDS: '60' });
  });
  afterAll(() => app.close());

  it('POST /api/login: 429 after 3 attempts on one username, then after 8 attempts from one IP', async () => {
    const client = new TestClient(app.url);
    const { email, password } = await signUp(client);
    for (let i = 0; i < 3; i++) expect((await client.post('/api/login', { username: email, password: 'wrong-one' })).status).toBe(401);
    const limited = await client.post('/api/login', { username: email, password });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(TOO_MANY);

    for (let i = 0; i < 4; i++)
      expect((await client.post('/api/login', { username: `other${i}@example.com`, password: 'x' })).status).toBe(401);
    const ipLimited = await client.post('/api/login', { username: 'fresh@example.com', password: 'x' });
    expect(ipLimited.status).toBe(429);
    expect(ipLimited.body.message).toBe(TOO_MANY);
  });

  it('POST /api/register: 429 after 8 sign-ups from one IP', async () => {
    for (let i = 0; i < 7; i++) await signUp(new TestClient(app.url)); // the first test's signUp counted once
    const res = await new TestClient(app.url).post('/api/register', { email: 'ninth@example.com', password: 'secret1' });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(TOO_MANY);
  });

  it('fails closed, quickly, when Redis does not answer: counted in memory with the same limits (issue 27)', async () => {
    const deadRedis = createRedis({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_TIMEOUT_MS: 150 }, 'dead');
    try {
      const limiter = new RateLimiter(
        deadRedis,
        parseEnv({ NODE_ENV: 'test', AUTH_RATE_LIMIT_PER_IP: '1', AUTH_RATE_LIMIT_PER_USERNAME: '1' }),
        'postgres://x@127.0.0.1/db',
      );
      const started = Date.now();
      await expect(limiter.hit('login', 1, '10.0.0.1', 'a@example.com')).resolves.toBeUndefined();
      await expect(limiter.hit('login', 1, '10.0.0.1', 'a@example.com')).rejects.toMatchObject({ status: 429, message: TOO_MANY });
      await expect(limiter.hit('login', 1, '10.0.0.2', 'b@example.com')).resolves.toBeUndefined();
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      deadRedis.disconnect();
    }
  });
});

describe('POST /api/login timing', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it("'no such user' and 'wrong password' take about the same time and answer alike", async () => {
    const client = new TestClient(app.url);
    const { email } = await signUp(client);
    const median = async (username: string) => {
      const times: number[] = [];
      for (let i = 0; i < 7; i++) {
        const started = process.hrtime.bigint();
        const res = await client.post('/api/login', { username, password: 'wrong-password' });
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
        expect(res.status).toBe(401);
        expect(res.body.message).toBe('Invalid username or password');
      }
      return times.sort((a, b) => a - b)[3];
    };
    await median('warm-up@example.com');
    const unknown = await median('nobody-here@example.com');
    const wrong = await median(email);
    // Without the dummy hash an unknown user answers in about a millisecond, some 20-50 times faster.
    expect(unknown / wrong).toBeGreaterThan(0.4);
    expect(unknown / wrong).toBeLessThan(2.5);
  });
});
