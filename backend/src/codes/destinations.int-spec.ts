import { TestClient } from '../test-support/http';
import { testEvents } from '../test-support/events';
import { startTestApp, TestApp } from '../test-support/test-app';
import { signUp } from '../test-support/users';
import { createTenants } from '../test-support/tenants';

/** Issue 14 item 2: a dynamic code cannot send scanners round in a loop through /d/ or into a private network. */
describe('POST /api/dynamic-qrcodes and PUT /api/dynamic-qrcodes/{id}: destinations', () => {
  let app: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    app = await startTestApp({ BASE_DOMAIN: 'qrsharks.test', PUBLIC_ORIGIN: 'http://localhost:3000' });
    client = new TestClient(app.url, { origin: app.url });
    await signUp(client);
    // A white-label tenant with its own domain: its hosts are ours too.
    await createTenants(app.app, [{ clientId: 77, customDomain: 'qr.acme.example' }]);
  });
  afterAll(() => app.close());

  const create = (destination: string) => client.post('/api/dynamic-qrcodes', { qrType: 'url', destination });

  it(
    'refuses its own /d/ links (any of our hosts), loopback, link-local and private addresses, and control characters, storing ' +
      'nothing',
    async () => {
      const first = await create('https://menu.example/today');
      expect(first.status).toBe(201);
      const before = (await client.get('/api/dynamic-qrcodes')).body.length;
      const refused: [string, string][] = [
        [
          `http://localhost:3000/d/${first.body.shortCode}`,
          'URL must not point to this QR code service itself (the code would send scanners in a loop)',
        ],
        [
          `http://acme.qrsharks.test/d/${first.body.shortCode}`,
          'URL must not point to this QR code service itself (the code would send scanners in a loop)',
        ],
        [
          `https://qr.acme.example/d/${first.body.shortCode}`,
          'URL must not point to this QR code service itself (the code would send scanners in a loop)',
        ],
        ['http://127.0.0.1:8080/admin', 'URL must not point to a local or private network address'],
        ['http://169.254.169.254/latest/meta-data/', 'URL must not point to a local or private network address'],
        ['http://192.168.0.1/', 'URL must not point to a local or private network address'],
        // Refused at the edge already, by the route's schema (every string field refuses control characters).
        ['https://a.example/\r\nLocation: https://evil.example', 'URL contains characters that are not allowed'],
      ];
      for (const [destination, message] of refused) {
        const res = await create(destination);
        expect({ destination, status: res.status, message: res.body.message, field: res.body.errors?.destination }).toEqual({
          destination,
          status: 400,
          message,
          field: message,
        });
        const update = await client.put(`/api/dynamic-qrcodes/${first.body.id}`, { destination });
        expect({ destination, status: update.status, message: update.body.message }).toEqual({ destination, status: 400, message });
      }
      expect((await client.get('/api/dynamic-qrcodes')).body.length).toBe(before);
      const stream = await testEvents(app.app).store.readStream(`qr-${first.body.id}`);
      expect(stream.map((event) => event.type)).toEqual(['QrCreated']);
    },
  );

  it('stores exactly the URL the redirect sends, with one length limit (2048) on create and update', async () => {
    const created = await create('https://Menu.Example/caf\u00e9?x=1');
    expect(created.status).toBe(201);
    expect(created.body.destination).toBe('https://menu.example/caf%C3%A9?x=1');
    const scan = await fetch(`${app.url}/d/${created.body.shortCode}`, { redirect: 'manual' });
    expect(scan.status).toBe(302);
    expect(scan.headers.get('location')).toBe(created.body.destination);

    const longest = `https://a.example/${'x'.repeat(2048 - 'https://a.example/'.length)}`;
    expect((await create(`${longest}y`)).status).toBe(400);
    const atLimit = await create(longest);
    expect(atLimit.status).toBe(201);
    expect(atLimit.body.destination).toBe(longest);
    expect((await client.put(`/api/dynamic-qrcodes/${created.body.id}`, { destination: `${longest}y` })).body.message).toBe(
      'URL must be at most 2048 characters',
    );
    const updated = await client.put(`/api/dynamic-qrcodes/${created.body.id}`, { destination: longest });
    expect(updated.status).toBe(200);
    expect(updated.body.destination).toBe(longest);
  });
});
