import { randomUUID } from 'node:crypto';
import { testEvents } from '../../test-support/events';
import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { signUp } from '../../test-support/users';

/** Issue 33: a custom back-half at creation (4 to 64 of A-Z a-z 0-9 - _, reserved words 400, taken 409). */
describe('customShortCode at creation', () => {
  let app: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    client = new TestClient(app.url);
    await signUp(client);
  });

  const create = (customShortCode: unknown, path = '/api/dynamic-qrcodes') =>
    client.post(path, { qrType: 'url', destination: 'https://example.com/spring', qrMode: 'dynamic', customShortCode });
  const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

  it('a free back-half is the code and its /d/ link, reserved on shortcode-{code}; a taken one is 409 and stores nothing', async () => {
    const chosen = unique('Spring_Menu');
    const created = await create(chosen);
    expect(created.status).toBe(201);
    expect(created.body.shortCode).toBe(chosen);
    expect(created.body.link).toMatch(new RegExp(`/d/${chosen}$`));
    const scan = await new TestClient(app.url).get(`/d/${chosen}`, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' } });
    expect([scan.status, scan.headers.location]).toEqual([302, 'https://example.com/spring']);

    const other = new TestClient(app.url);
    await signUp(other);
    const taken = await other.post('/api/dynamic-qrcodes', {
      qrType: 'url',
      destination: 'https://example.com/x',
      customShortCode: chosen,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual({ customShortCode: 'This back-half is already taken. Please choose another one.' });
    const reserved = await testEvents(app.app).store.readStream(`shortcode-${chosen}`);
    expect(reserved).toHaveLength(1);
    expect((await other.get('/api/dynamic-qrcodes')).body).toEqual([]);
  });

  it('64 characters are allowed and answer on /d/', async () => {
    const chosen = `${randomUUID().replace(/-/g, '')}${'x'.repeat(32)}`;
    expect(chosen).toHaveLength(64);
    const created = await create(chosen);
    expect(created.status).toBe(201);
    const scan = await new TestClient(app.url).get(`/d/${chosen}`, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' } });
    expect(scan.status).toBe(302);
  });

  it.each([
    ['abc', 'The custom back-half must be 4 to 64 letters, digits, - or _'],
    ['x'.repeat(65), 'The custom back-half must be 4 to 64 letters, digits, - or _'],
    ['with space', 'The custom back-half must be 4 to 64 letters, digits, - or _'],
    ['menü-2027', 'The custom back-half must be 4 to 64 letters, digits, - or _'],
    ['admin', 'This back-half is reserved. Please choose another one.'],
    ['Dashboard', 'This back-half is reserved. Please choose another one.'],
    ['AUTH', 'This back-half is reserved. Please choose another one.'],
  ])('%j is refused with 400 naming customShortCode', async (value, message) => {
    const res = await create(value);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ customShortCode: message });
    expect((await client.get('/api/dynamic-qrcodes')).body).toEqual([]);
  });

  it('short-code-availability says whether a back-half is free, and 400 for a malformed or reserved one', async () => {
    const chosen = unique('Avail');
    const ask = (code: string) => client.get(`/api/dynamic-qrcodes/short-code-availability?code=${encodeURIComponent(code)}`);
    expect((await ask(chosen)).body).toEqual({ code: chosen, available: true });
    expect((await create(chosen)).status).toBe(201);
    expect((await ask(chosen)).body).toEqual({ code: chosen, available: false });
    const reserved = await ask('Admin');
    expect([reserved.status, reserved.body.errors]).toEqual([
      400,
      { customShortCode: 'This back-half is reserved. Please choose another one.' },
    ]);
    expect((await ask('no')).status).toBe(400);
    expect((await new TestClient(app.url).get(`/api/dynamic-qrcodes/short-code-availability?code=${chosen}`)).status).toBe(401);
  });

  it('a static code has no back-half', async () => {
    const res = await client.post('/api/qrcodes', {
      qrType: 'url',
      qrData: { url: 'https://example.com' },
      customShortCode: unique('static'),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ customShortCode: 'Only dynamic QR codes have a back-half' });
  });
});
