import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { signUp } from '../../test-support/users';

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

/** A client behind the one trusted proxy (TRUST_PROXY=1): the proxy appends the client's address to X-Forwarded-For. */
const behindProxy = (ip: string, spoofed?: string) => ({ headers: { 'x-forwarded-for': spoofed ? `${spoofed}, ${ip}` : ip } });

describe('client IPs behind a trusted proxy (TRUST_PROXY=1)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      TRUST_PROXY: '1',
      AUTH_RATE_LIMIT_PER_IP: '8',
      AUTH_RATE_LIMIT_PER_USERNAME: '1000',
      AUTH_RATE_LIMIT_WINDOW_SECONDS: '60',
    });
  });
  afterAll(() => app.close());

  it(
    'rotating the left-most X-Forwarded-For does not escape the per-IP login limit: the right-most untrusted hop is the ' + 'client',
    async () => {
      const attacker = new TestClient(app.url);
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await attacker.post(
          '/api/login',
          { username: `victim${i}@example.com`, password: 'wrong-one' },
          behindProxy('203.0.113.50', `10.1.2.${i}`),
        );
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429, 429]);
      // Another client behind the same proxy is still served.
      expect(
        (await new TestClient(app.url).post('/api/login', { username: 'x@example.com', password: 'x' }, behindProxy('203.0.113.51')))
          .status,
      ).toBe(401);
    },
  );
});

describe('lockout that spares the owner: the device cookie (OWASP)', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Each client is its own address behind the proxy, so only the per-username and per-device limits are in play.
    app = await startTestApp({
      TRUST_PROXY: '1',
      AUTH_RATE_LIMIT_PER_IP: '1000',
      AUTH_RATE_LIMIT_PER_USERNAME: '10',
      AUTH_RATE_LIMIT_WINDOW_SECONDS: '60',
    });
  });
  afterAll(() => app.close());

  it(
    "after 10 wrong passwords from an attacker, the owner's device signs in (200) while a fresh client gets 429; an abused device " +
      'cookie is throttled itself',
    async () => {
      const owner = new TestClient(app.url);
      const { email, password } = await signUp(owner, undefined, 'tide-pool-owner-42');
      await owner.post('/api/logout');
      const signIn = await owner.post('/api/login', { username: email, password }, behindProxy('198.51.100.1'));
      expect(signIn.status).toBe(200);
      const deviceCookie = ([] as string[]).concat(signIn.headers['set-cookie'] ?? []).find((cookie) => cookie.startsWith('qrs.device='));
      expect(deviceCookie).toMatch(/HttpOnly/i);
      expect(deviceCookie).toMatch(/SameSite=Lax/i);
      await owner.post('/api/logout');

      const attacker = new TestClient(app.url);
      for (let i = 0; i < 10; i++)
        expect((await attacker.post('/api/login', { username: email, password: `guess-${i}` }, behindProxy('203.0.113.66'))).status).toBe(
          401,
        );
      const attackerLimited = await attacker.post('/api/login', { username: email, password }, behindProxy('203.0.113.66'));
      expect(attackerLimited.status).toBe(429);
      expect(attackerLimited.body.message).toBe(TOO_MANY);

      const fresh = new TestClient(app.url);
      expect((await fresh.post('/api/login', { username: email, password }, behindProxy('192.0.2.77'))).status).toBe(429);

      const ownerAgain = await owner.post('/api/login', { username: email, password }, behindProxy('198.51.100.1'));
      expect(ownerAgain.status).toBe(200);
      expect(ownerAgain.body.username).toBe(email);

      // A tampered device cookie counts as none: the username's counter, which is over its limit.
      const forged = new TestClient(app.url);
      forged.cookies.set('qrs.device', `${owner.cookies.get('qrs.device')!.slice(0, -2)}xx`);
      expect((await forged.post('/api/login', { username: email, password }, behindProxy('192.0.2.78'))).status).toBe(429);

      // A stolen device cookie is limited per device: 10 failures through it, then 429 for it too.
      const thief = new TestClient(app.url);
      thief.cookies.set('qrs.device', owner.cookies.get('qrs.device')!);
      for (let i = 0; i < 10; i++)
        expect((await thief.post('/api/login', { username: email, password: `stolen-${i}` }, behindProxy('203.0.113.67'))).status).toBe(
          401,
        );
      expect((await thief.post('/api/login', { username: email, password }, behindProxy('203.0.113.67'))).status).toBe(429);
    },
  );
});
