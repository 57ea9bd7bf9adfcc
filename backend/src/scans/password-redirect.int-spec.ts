import { request as httpRequest } from 'node:http';
import type { EventStore } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { ProjectionsService } from '../projections/projections.service';
import { postMultipart } from '../codes/codes.test-kit';
import { TestClient, type HttpResponse } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { signUp } from '../test-support/users';
import { UNLOCK_ATTEMPTS } from './code-unlock';
import { BROWSER_UA, waitForEvents } from './scan-fixtures';
import { SCAN_EVENTS } from './scan.events';
import { until } from '../test-support/until';

/**
 * /d/{code} of a password-protected code (issue 15): the password page for GET and HEAD, its form POSTed back; only
 * the right password records the scan (once) and answers; attempts are limited per code and client IP.
 */
describe('/d/{code} of a password-protected code', () => {
  let app: TestApp;
  let owner: TestClient;
  let client: TestClient;
  let ipCounter = 0;
  beforeAll(async () => {
    app = await startTestApp({ TRUST_PROXY: '127.0.0.1' });
    client = new TestClient(app.url);
  });
  beforeEach(async () => {
    owner = new TestClient(app.url);
    await signUp(owner);
  });
  afterAll(() => app.close());

  /** Pause and delete answer once the codes read model has them: wait for the redirect's too before scanning. */
  const settled = async () => {
    const head = await app.app.get<EventStore>(EVENT_STORE).headPosition();
    if (head) await app.app.get(ProjectionsService).waitFor(head);
  };
  /** Each test scans from its own client IP, so the per-IP limit of one test never touches another. */
  const nextIp = () => `203.0.113.${++ipCounter}`;
  const protectedCode = async (body: Record<string, string> = { qrType: 'url', destination: 'https://example.com/secret-menu' }) => {
    const created = await postMultipart(owner, '/api/dynamic-qrcodes', body);
    expect(created.status).toBe(201);
    const set = await owner.put(`/api/dynamic-qrcodes/${created.body.id}/password`, { password: 'open sesame' });
    expect(set.status).toBe(200);
    // The command waits for the redirect's read model only up to its bound; on a loaded machine the projection can
    // take longer, and a POST meeting the code before it would find it open (405) or unknown (404).
    await settled();
    return { id: created.body.id as string, shortCode: created.body.shortCode as string };
  };
  const get = (code: string, ip: string, method = 'GET') =>
    client.request(method, `/d/${code}`, { headers: { 'user-agent': BROWSER_UA, 'x-forwarded-for': ip } });
  const submit = (
    code: string,
    ip: string,
    body: string,
    type = 'application/x-www-form-urlencoded',
    referer = 'https://scanner.example/',
  ) =>
    client.request('POST', `/d/${code}`, {
      headers: { 'user-agent': BROWSER_UA, 'x-forwarded-for': ip, 'content-type': type, referer },
      body,
    });
  /**
   * The scans of a code once the one made with `referer` is stored: the stream is ordered, so any scan recorded
   * before it (a GET of the page, a wrong password) is stored by then too.
   */
  const scansThrough = (qrId: string, referer: string) =>
    until(
      async () => {
        const events = await waitForEvents(app.app, `scans-${qrId}`, 1, 0);
        return SCAN_EVENTS.among(events).some((event) => event.data.referrer === referer) && events;
      },
      `a scan with referrer ${referer}`,
      10_000,
    );
  const password = (value: string) => `password=${encodeURIComponent(value)}`;

  it(
    'GET shows the password page (own CSP, nothing external) and records nothing; the right password answers 302 and records exactly ' +
      'one scan',
    async () => {
      const code = await protectedCode();
      const ip = nextIp();
      const page = await get(code.shortCode, ip);
      expect(page.status).toBe(200);
      expect(page.headers.location).toBeUndefined();
      expect(page.text).toContain('This QR code is password protected');
      expect(page.text).toContain(`<form method="post" action="/d/${code.shortCode}">`);
      expect(page.text).not.toMatch(/https?:\/\//);
      expect(page.text).not.toContain('argon2');
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("form-action 'self' https://example.com");
      expect(page.headers['cache-control']).toBe('no-store');
      expect((await get(code.shortCode, ip, 'HEAD')).status).toBe(200);

      const wrong = await submit(code.shortCode, ip, password('open sesame!'));
      expect(wrong.status).toBe(401);
      expect(wrong.text).toContain('Incorrect password');
      expect(wrong.headers.location).toBeUndefined();

      const right = await submit(code.shortCode, ip, password('open sesame'), undefined, 'https://right.example/');
      expect(right.status).toBe(302);
      expect(right.headers.location).toBe('https://example.com/secret-menu');
      // Had the GET, the HEAD or the wrong password been recorded, they would be stored ahead of this one.
      const scans = await scansThrough(code.id, 'https://right.example/');
      expect(scans.map((event) => [event.type, SCAN_EVENTS.has(event) ? event.data.referrer : null])).toEqual([
        ['Scanned', 'https://right.example/'],
      ]);
      const counted = await owner.get('/api/dynamic-qrcodes');
      expect(counted.body.find((row: { id: string }) => row.id === code.id)).toMatchObject({ hasPassword: true });
    },
  );

  it('a non-web code: the right password answers its hosted page and records one scan', async () => {
    const code = await protectedCode({ qrType: 'text', qrData: JSON.stringify({ text: 'The wifi key is on the fridge' }) });
    const ip = nextIp();
    const page = await get(code.shortCode, ip);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('fridge');
    expect(String(page.headers['content-security-policy'])).toContain("form-action 'self';");
    const right = await submit(code.shortCode, ip, password('open sesame'));
    expect(right.status).toBe(200);
    expect(right.text).toContain('fridge');
    expect(await waitForEvents(app.app, `scans-${code.id}`, 1)).toHaveLength(1);
  });

  it(
    `after ${UNLOCK_ATTEMPTS} attempts from one IP the code answers 429 (even to the right password); another IP is not ` + `limited`,
    async () => {
      const code = await protectedCode();
      const ip = nextIp();
      for (let i = 0; i < UNLOCK_ATTEMPTS; i++) expect((await submit(code.shortCode, ip, password(`guess ${i}`))).status).toBe(401);
      const limited = await submit(code.shortCode, ip, password('open sesame'));
      expect(limited.status).toBe(429);
      expect(limited.headers['retry-after']).toBe('900');
      expect(limited.text).toContain('Too many attempts');
      const elsewhere = await submit(code.shortCode, nextIp(), password('open sesame'), undefined, 'https://right.example/');
      expect(elsewhere.status).toBe(302);
      expect(await scansThrough(code.id, 'https://right.example/')).toHaveLength(1);
    },
  );

  it('malformed, foreign and huge form bodies: 400 or 413 with the page, never 500, nothing recorded', async () => {
    const code = await protectedCode();
    const ip = nextIp();
    const cases: [string, string, number][] = [
      ['', 'application/x-www-form-urlencoded', 400],
      ['password=', 'application/x-www-form-urlencoded', 400],
      ['nothing=here', 'application/x-www-form-urlencoded', 400],
      ['password=a&password=b', 'application/x-www-form-urlencoded', 400],
      ['password=%FF%FE%00', 'application/x-www-form-urlencoded', 400],
      ['{"password":"open sesame"}', 'application/json', 400],
      ['password=open+sesame', 'text/plain', 400],
      [`password=${'x'.repeat(200)}`, 'application/x-www-form-urlencoded', 400],
      [`password=${'x'.repeat(5000)}`, 'application/x-www-form-urlencoded', 413],
      [`password=${'x'.repeat(2_000_000)}`, 'application/x-www-form-urlencoded', 413],
    ];
    for (const [body, type, status] of cases) {
      const res = await submit(code.shortCode, ip, body, type);
      expect([body.slice(0, 30), type, res.status]).toEqual([body.slice(0, 30), type, status]);
      expect(res.text).toContain('This QR code is password protected');
    }
    // A chunked body (no Content-Length) that grows past the limit is cut off with 413 as well.
    expect((await chunked(app.url, `/d/${code.shortCode}`, 20, 1024)).status).toBe(413);
    // None of these counted as attempts: the right password still works, and it is the only scan.
    expect((await submit(code.shortCode, ip, password('open sesame'), undefined, 'https://right.example/')).status).toBe(302);
    expect(await scansThrough(code.id, 'https://right.example/')).toHaveLength(1);
  });

  it('methods: PUT and DELETE 405; POST to an open code 405; paused and deleted protected codes keep their pages', async () => {
    const code = await protectedCode();
    const ip = nextIp();
    for (const method of ['PUT', 'DELETE', 'PATCH']) expect((await get(code.shortCode, ip, method)).status).toBe(405);
    const open = await postMultipart(owner, '/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://example.com/open' });
    expect((await submit(open.body.shortCode, ip, password('open sesame'))).status).toBe(405);
    expect((await get(open.body.shortCode, ip)).status).toBe(302);
    expect((await submit('nosuchcode', ip, password('open sesame'))).status).toBe(404);
    expect((await submit('bad%20code', ip, password('open sesame'))).status).toBe(404);

    expect((await owner.post(`/api/dynamic-qrcodes/${code.id}/pause`)).status).toBe(200);
    await settled();
    const paused = await get(code.shortCode, ip);
    expect([paused.status, paused.text.includes('This QR code is paused')]).toEqual([200, true]);
    expect((await submit(code.shortCode, ip, password('open sesame'))).text).toContain('This QR code is paused');
    expect((await owner.delete(`/api/dynamic-qrcodes/${code.id}`)).status).toBe(200);
    await settled();
    expect((await get(code.shortCode, ip)).status).toBe(404);
    expect((await submit(code.shortCode, ip, password('open sesame'))).status).toBe(404);
  });

  it('removing the password opens the link again: the next GET redirects and is recorded', async () => {
    const code = await protectedCode();
    expect((await owner.delete(`/api/dynamic-qrcodes/${code.id}/password`)).status).toBe(200);
    const res = await get(code.shortCode, nextIp());
    expect(res.status).toBe(302);
    expect(await waitForEvents(app.app, `scans-${code.id}`, 1)).toHaveLength(1);
  });
});

/** POSTs `chunks` chunks of `size` bytes with Transfer-Encoding: chunked (no Content-Length). */
function chunked(base: string, path: string, chunks: number, size: number): Promise<Pick<HttpResponse, 'status'>> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        method: 'POST',
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked', 'x-forwarded-for': '198.51.100.7' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      },
    );
    req.on('error', reject);
    req.write('password=');
    for (let i = 0; i < chunks; i++) req.write('x'.repeat(size));
    req.end();
  });
}
