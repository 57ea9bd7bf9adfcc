import { TestClient } from '../../test-support/http';
import { testEvents } from '../../test-support/events';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { until } from '../../test-support/until';
import { signUp } from '../../test-support/users';
import { createTenants } from '../../test-support/tenants';
import { startDnsServer, type TestDnsServer } from '../../test-support/dns-server';

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

/**
 * Issue 27 item 9: names that resolve inward are refused like the addresses, from a real DNS server of the test's
 * (no internet here): every address (A and AAAA) is judged, a name that does not resolve is allowed and recorded.
 */
describe('destinations whose names resolve to loopback, link-local or private addresses', () => {
  let dns: TestDnsServer;
  let app: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    dns = await startDnsServer({
      'localtest.me': { A: ['127.0.0.1'] },
      '127.0.0.1.nip.io': { A: ['127.0.0.1'] },
      '169.254.169.254.nip.io': { A: ['169.254.169.254'] },
      // Public over IPv4, inward over IPv6 (an IPv4-mapped spelling of the metadata address): both are asked.
      'dual.example': { A: ['93.184.216.34'], AAAA: ['::ffff:a9fe:a9fe'] },
      'v6only.example': { AAAA: ['fd00::1'] },
      'menu.example': { A: ['93.184.216.34'], AAAA: ['2606:2800:220:1:248:1893:25c8:1946'] },
      'slow.example': 'silent',
    });
    app = await startTestApp({ DESTINATION_DNS_SERVERS: dns.address, DESTINATION_DNS_TIMEOUT_MS: '400' });
    client = new TestClient(app.url, { origin: app.url });
    await signUp(client);
  });
  afterAll(async () => {
    await app.close();
    await dns.close();
  });

  const PRIVATE = 'URL must not point to a local or private network address';
  const events = async (qrId: string) => (await testEvents(app.app).store.readStream(`qr-${qrId}`)).map((event) => event.data);

  it('refuses them, and IPv6 spellings of inward addresses, on create (both routes) and update, storing nothing', async () => {
    const first = await client.post('/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://menu.example/today' });
    expect(first.status).toBe(201);
    expect(await events(first.body.id)).toEqual([expect.not.objectContaining({ destinationUnresolved: expect.anything() })]);
    const before = (await client.get('/api/dynamic-qrcodes')).body.length;
    for (const destination of [
      'http://localtest.me:8080/admin',
      'http://127.0.0.1.nip.io/',
      'http://169.254.169.254.nip.io/latest/meta-data/',
      'https://DUAL.example./',
      'https://v6only.example/',
      'http://[::127.0.0.1]/',
      'http://[::ffff:0:127.0.0.1]/',
      'http://[2002:7f00:1::]/',
    ]) {
      const outcomes = [
        await client.post('/api/dynamic-qrcodes', { qrType: 'url', destination }),
        await client.post('/api/qrcodes', { qrType: 'url', qrMode: 'dynamic', qrData: { url: destination } }),
        await client.put(`/api/dynamic-qrcodes/${first.body.id}`, { destination }),
        await client.put(`/api/qrcodes/${first.body.id}`, { destination }),
      ];
      expect({ destination, outcomes: outcomes.map((res) => [res.status, res.body.message]) }).toEqual({
        destination,
        outcomes: [
          [400, PRIVATE],
          [400, PRIVATE],
          [400, PRIVATE],
          [400, PRIVATE],
        ],
      });
    }
    expect((await client.get('/api/dynamic-qrcodes')).body.length).toBe(before);
    expect(await events(first.body.id)).toHaveLength(1);
    expect(dns.queries).toEqual(expect.arrayContaining(['localtest.me', '169.254.169.254.nip.io', 'dual.example']));
  });

  it('allows a name that does not resolve (not found, or no answer within the bound), recording why on the event', async () => {
    const notLive = await client.post('/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://opening-soon.example/' });
    expect(notLive.status).toBe(201);
    expect((await events(notLive.body.id))[0]).toMatchObject({
      destination: 'https://opening-soon.example/',
      destinationUnresolved: 'not_found',
    });

    const started = Date.now();
    const slow = await client.put(`/api/dynamic-qrcodes/${notLive.body.id}`, { destination: 'https://slow.example/menu' });
    expect(slow.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await events(notLive.body.id))[1]).toEqual({
      qrId: notLive.body.id,
      before: 'https://opening-soon.example/',
      after: 'https://slow.example/menu',
      destinationUnresolved: 'timeout',
    });
    // The redirect cache hears of the change over Redis pub/sub, a moment after the update's answer.
    const location = () =>
      fetch(`${app.url}/d/${notLive.body.shortCode}`, { redirect: 'manual' }).then((res) => res.headers.get('location'));
    await until(async () => (await location()) === 'https://slow.example/menu', 'the redirect to follow the update', 10_000);
  });

  it('lets an intranet installation (ALLOW_PRIVATE_DESTINATIONS) keep them', async () => {
    const intranet = await startTestApp({ DESTINATION_DNS_SERVERS: dns.address, ALLOW_PRIVATE_DESTINATIONS: 'true' });
    try {
      const staff = new TestClient(intranet.url, { origin: intranet.url });
      await signUp(staff);
      const created = await staff.post('/api/dynamic-qrcodes', { qrType: 'url', destination: 'http://localtest.me/wiki' });
      expect(created.status).toBe(201);
      const updated = await staff.put(`/api/dynamic-qrcodes/${created.body.id}`, { destination: 'http://[::ffff:0:10.0.0.1]/' });
      expect(updated.status).toBe(200);
    } finally {
      await intranet.close();
    }
  });
});
