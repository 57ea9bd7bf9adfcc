import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { until } from '../test-support/until';
import { grantRole, signUp } from '../test-support/users';
import { BROWSER_UA, waitForEvents } from './scan-fixtures';
import { SCAN_EVENTS } from './scan.events';

const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const WHATSAPP = 'WhatsApp/2.23.20.0 A';
/** 81.2.69.142 is in GB (redirect.int-spec); the proxy in front of the app is 127.0.0.1, which TRUST_PROXY trusts. */
const GB_IP = '81.2.69.142';

/** Issue 33 on /d/: rules, the cap of human scans with bots interleaved, validity, simulate equal to the redirect. */
describe('GET /d/{shortCode} of a code with routing', () => {
  let app: TestApp;
  let owner: TestClient;
  let scanner: TestClient;
  beforeAll(async () => {
    app = await startTestApp({ TRUST_PROXY: '127.0.0.1' });
    scanner = new TestClient(app.url);
  });
  afterAll(() => app.close());
  // A user per test (and more in one test): a free account has 3 dynamic codes.
  const freshOwner = async () => {
    owner = new TestClient(app.url);
    await signUp(owner);
  };
  beforeEach(freshOwner);

  async function routedCode(routing: Record<string, unknown>): Promise<{ id: string; shortCode: string }> {
    const created = await owner.post('/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://example.com/home' });
    expect([created.status, created.body.message]).toEqual([201, undefined]);
    const put = await owner.put(`/api/dynamic-qrcodes/${created.body.id}/routing`, routing);
    expect(put.status).toBe(200);
    return created.body as { id: string; shortCode: string };
  }

  const scan = (code: string, headers: Record<string, string> = {}, method = 'GET') =>
    scanner.request(method, `/d/${code}`, { headers: { 'user-agent': BROWSER_UA, ...headers } });
  const where = async (code: string, headers: Record<string, string> = {}, method = 'GET') => {
    const res = await scan(code, headers, method);
    return res.status === 302 ? String(res.headers.location) : res.status;
  };

  const RULES = {
    rules: [
      { when: { country: ['GB'] }, destination: 'https://example.com/uk' },
      { when: { language: ['fr'] }, destination: 'https://example.com/fr' },
      { when: { device: ['desktop'], os: ['macOS'] }, destination: 'https://example.com/mac' },
    ],
  };

  it('routes by the trusted X-Forwarded-For country, the language and the user agent, first match first; Scanned says which', async () => {
    const code = await routedCode(RULES);
    expect(await where(code.shortCode, { 'x-forwarded-for': GB_IP, 'accept-language': 'fr' })).toBe('https://example.com/uk');
    expect(await where(code.shortCode, { 'accept-language': 'fr-FR,fr;q=0.9', 'user-agent': MAC })).toBe('https://example.com/fr');
    expect(await where(code.shortCode, { 'accept-language': 'en-GB', 'user-agent': MAC })).toBe('https://example.com/mac');
    expect(await where(code.shortCode, { 'accept-language': 'en-GB' })).toBe('https://example.com/home');
    const events = await waitForEvents(app.app, `scans-${code.id}`, 4);
    const routes = SCAN_EVENTS.among(events)
      .map((event) => event.data.route)
      .sort();
    expect(routes).toEqual(['default', 'rule 1', 'rule 2', 'rule 3']);
  });

  it('a cap of 3 answers the destination exactly 3 times to people; bots and link previews never use it up', async () => {
    const code = await routedCode({ limits: { maxScans: 3 } });
    const human = () => where(code.shortCode);
    const bot = () => where(code.shortCode, { 'user-agent': GOOGLEBOT });
    const preview = () => where(code.shortCode, { 'user-agent': WHATSAPP });
    const head = () => where(code.shortCode, {}, 'HEAD');
    const answers: (string | number)[] = [];
    for (const step of [bot, human, preview, bot, human, head, preview, human, bot, human, preview, human]) answers.push(await step());
    // Bots are routed where a person would go: the destination until the cap is used up, then the inactive page.
    expect(answers).toEqual([
      'https://example.com/home', // bot
      'https://example.com/home', // human 1
      'https://example.com/home', // preview
      'https://example.com/home', // bot
      'https://example.com/home', // human 2
      'https://example.com/home', // HEAD
      'https://example.com/home', // preview
      'https://example.com/home', // human 3
      410, // bot
      410, // human 4
      410, // preview
      410, // human 5
    ]);
    const page = await scan(code.shortCode);
    expect(page.text).toContain('This QR code is no longer active');
    const events = await waitForEvents(app.app, `scans-${code.id}`, 13);
    const people = SCAN_EVENTS.among(events)
      .map((e) => e.data)
      .filter((s) => !s.isBot);
    expect(people.map((s) => s.route)).toEqual(['default', 'default', 'default', 'limit', 'limit', 'limit']);
  });

  it("simulate's cap is the live count of people's scans: 'limit' exactly when the next real scan would be", async () => {
    const code = await routedCode({ limits: { maxScans: 2, afterLimit: 'https://example.com/sold-out' } });
    const simulate = async () => (await owner.post(`/api/dynamic-qrcodes/${code.id}/simulate`, { userAgent: BROWSER_UA })).body;
    expect(await simulate()).toMatchObject({ destination: 'https://example.com/home', matched: 'default' });
    expect(await where(code.shortCode)).toBe('https://example.com/home');
    expect(await where(code.shortCode, { 'user-agent': GOOGLEBOT })).toBe('https://example.com/home');
    expect(await simulate()).toMatchObject({ destination: 'https://example.com/home', matched: 'default' });
    expect(await where(code.shortCode)).toBe('https://example.com/home');
    // Two people have scanned: the cap is used up, for simulate as for the next scan. Simulating counts nothing.
    expect(await simulate()).toMatchObject({ destination: 'https://example.com/sold-out', matched: 'limit' });
    expect(await simulate()).toMatchObject({ matched: 'limit' });
    expect(await where(code.shortCode)).toBe('https://example.com/sold-out');
  });

  it('a domain blocked after the routing was saved: scans routed there get the disabled page, the others still go', async () => {
    const code = await routedCode({
      rules: [{ when: { device: ['desktop'], os: ['macOS'] }, destination: 'https://promo.routed-block.example/mac' }],
      limits: { maxScans: 100, afterLimit: 'https://www.routed-block.example/over' },
    });
    expect(await where(code.shortCode, { 'user-agent': MAC })).toBe('https://promo.routed-block.example/mac');
    expect(await where(code.shortCode)).toBe('https://example.com/home');
    const admin = new TestClient(app.url);
    await grantRole(app, (await signUp(admin)).id, 'admin');
    // The role reaches the session through the users read model: wait until the console answers this admin.
    await until(async () => (await admin.get('/api/admin/blocked-domains')).status === 200, 'the admin role', 10_000);
    const block = (method: 'post' | 'delete') =>
      method === 'post'
        ? admin.post('/api/admin/blocked-domains', { domain: 'routed-block.example', reason: 'Phishing' })
        : admin.delete('/api/admin/blocked-domains/routed-block.example');
    expect((await block('post')).status).toBe(201);
    const disabled = async () => (await scan(code.shortCode, { 'user-agent': MAC })).status === 410;
    await until(disabled, 'the routed scan to answer the disabled page', 10_000);
    const page = await scan(code.shortCode, { 'user-agent': MAC });
    expect([page.status, page.text.includes('This QR code has been disabled')]).toEqual([410, true]);
    // The code's own destination is not blocked: scans no rule sends to the blocked domain still go there.
    expect(await where(code.shortCode)).toBe('https://example.com/home');
    expect((await block('delete')).status).toBe(200);
    await until(async () => !(await disabled()), 'the routed scan to go again once unblocked', 10_000);
    expect(await where(code.shortCode, { 'user-agent': MAC })).toBe('https://promo.routed-block.example/mac');
  });

  it('the cap is exact under concurrency: 20 people at once on a cap of 5, five get the destination', async () => {
    const code = await routedCode({ limits: { maxScans: 5, afterLimit: 'https://example.com/sold-out' } });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => where(code.shortCode, { 'x-forwarded-for': `203.0.113.${i}` })));
    expect(answers.filter((a) => a === 'https://example.com/home')).toHaveLength(5);
    expect(answers.filter((a) => a === 'https://example.com/sold-out')).toHaveLength(15);
  });

  it('validity: before validFrom the not-yet page (404), from validUntil the inactive page (410) or afterLimit', async () => {
    const hour = 3_600_000;
    const soon = await routedCode({ limits: { validFrom: new Date(Date.now() + hour).toISOString() } });
    const early = await scan(soon.shortCode);
    expect(early.status).toBe(404);
    expect(early.text).toContain('This QR code is not active yet');
    const over = await routedCode({ limits: { validUntil: new Date(Date.now() - hour).toISOString() } });
    const late = await scan(over.shortCode);
    expect(late.status).toBe(410);
    expect(late.text).toContain('This QR code is no longer active');
    await freshOwner();
    const elsewhere = await routedCode({
      limits: { validUntil: new Date(Date.now() - hour).toISOString(), afterLimit: 'https://example.com/next-year' },
    });
    expect(await where(elsewhere.shortCode)).toBe('https://example.com/next-year');
    const open = await routedCode({
      limits: { validFrom: new Date(Date.now() - hour).toISOString(), validUntil: new Date(Date.now() + hour).toISOString() },
    });
    expect(await where(open.shortCode)).toBe('https://example.com/home');
  });

  it('simulate answers what the redirect answers for the same inputs', async () => {
    const code = await routedCode({
      ...RULES,
      split: [
        { destination: 'https://example.com/a', weight: 100 },
        { destination: 'https://example.com/b', weight: 0 },
      ],
    });
    const cases = [
      { userAgent: BROWSER_UA, country: 'GB', language: 'de' },
      { userAgent: MAC, country: null, language: 'fr-CA,fr;q=0.9' },
      { userAgent: MAC, country: null, language: 'en' },
      { userAgent: BROWSER_UA, country: null, language: 'en' },
      { userAgent: GOOGLEBOT, country: null, language: '' },
    ];
    for (const input of cases) {
      const simulated = await owner.post(`/api/dynamic-qrcodes/${code.id}/simulate`, input);
      expect(simulated.status).toBe(200);
      const headers: Record<string, string> = { 'user-agent': input.userAgent, 'accept-language': input.language };
      if (input.country === 'GB') headers['x-forwarded-for'] = GB_IP;
      expect(await where(code.shortCode, headers)).toBe(new URL(simulated.body.destination as string).href);
    }
  });

  it("a password-protected code's page lets its form lead to every routed origin, and the right password is routed", async () => {
    const code = await routedCode({
      rules: [{ when: { device: ['mobile'] }, destination: 'https://phones.example/app' }],
      limits: { afterLimit: 'https://later.example/' },
    });
    expect((await owner.put(`/api/dynamic-qrcodes/${code.id}/password`, { password: 'open sesame' })).status).toBe(200);
    const page = await scan(code.shortCode);
    expect(page.status).toBe(200);
    expect(String(page.headers['content-security-policy'])).toContain(
      "form-action 'self' https://example.com https://phones.example https://later.example;",
    );
    const unlocked = await scanner.request('POST', `/d/${code.shortCode}`, {
      headers: { 'user-agent': BROWSER_UA, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'password=open%20sesame',
    });
    expect([unlocked.status, unlocked.headers.location]).toEqual([302, 'https://phones.example/app']);
  });

  it('a change of routing takes effect from the next scan after its answer', async () => {
    const code = await routedCode({ rules: [{ destination: 'https://example.com/first' }] });
    expect(await where(code.shortCode)).toBe('https://example.com/first');
    await owner.put(`/api/dynamic-qrcodes/${code.id}/routing`, { rules: [{ destination: 'https://example.com/second' }] });
    expect(await where(code.shortCode)).toBe('https://example.com/second');
    await owner.put(`/api/dynamic-qrcodes/${code.id}/routing`, {});
    expect(await where(code.shortCode)).toBe('https://example.com/home');
  });
});
