import { ProjectionsService } from '../projections/projections.service';
import { testEvents } from '../test-support/events';
import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { BROWSER_UA, createCodeByEvents } from './scan-fixtures';
import { createTenants } from '../test-support/tenants';
import { until } from '../test-support/until';

/**
 * Issue 19: a short code answers only on its tenant's hosts (its custom domain and subdomain; the default brand's hosts
 * for client 1's codes); on another tenant's host, and on a host no client has, it is unknown (404).
 */
describe('/d/{shortCode} is scoped to the hosts of the code tenant', () => {
  let app: TestApp;
  let client: TestClient;
  const BASE = 'qrsharks.test';
  const ACME_SUB = `acme.${BASE}`;
  const ACME_DOMAIN = 'qr.acme.example';
  const BISTRO_SUB = `bistro.${BASE}`;

  const scan = (code: string, host: string) =>
    client.request('GET', `/d/${code}`, { host, headers: { 'user-agent': BROWSER_UA } }).then((res) => res.status);

  /** The first answer on the code's own host, once the redirect's read model has the code (a loaded machine may lag). */
  async function firstScan(code: string, host: string): Promise<number> {
    return until(async () => {
      const status = await scan(code, host);
      return status === 302 && status;
    }, `a redirect of ${code} on ${host}`);
  }

  beforeAll(async () => {
    app = await startTestApp({ BASE_DOMAIN: BASE });
    client = new TestClient(app.url);
    await createTenants(app.app, [
      { clientId: 2, name: 'Acme', subdomain: 'acme', customDomain: ACME_DOMAIN },
      { clientId: 3, name: 'Bistro', subdomain: 'bistro' },
    ]);
  });
  afterAll(() => app.close());

  it("a tenant's code: 302 on its subdomain and custom domain; 404 on the default host, an unknown host, another tenant's", async () => {
    const code = await createCodeByEvents(app.app, { tenantId: 2, destination: 'https://acme.example/menu' });
    expect(await firstScan(code.shortCode, ACME_SUB)).toBe(302);
    expect(await scan(code.shortCode, `${ACME_DOMAIN}:443`)).toBe(302);
    expect(await scan(code.shortCode, BASE)).toBe(404);
    expect(await scan(code.shortCode, '127.0.0.1')).toBe(404);
    expect(await scan(code.shortCode, 'localhost')).toBe(404);
    expect(await scan(code.shortCode, 'unknown.example')).toBe(404);
    expect(await scan(code.shortCode, `nobody.${BASE}`)).toBe(404);
    expect(await scan(code.shortCode, BISTRO_SUB)).toBe(404);
    // Served from the cache the second time: the same answers.
    expect(await scan(code.shortCode, BASE)).toBe(404);
    expect(await scan(code.shortCode, ACME_SUB)).toBe(302);
  });

  it("a tenant's hosted page (a contact card) answers on its host only, with the tenant's name in its title", async () => {
    const code = await createCodeByEvents(app.app, {
      tenantId: 2,
      qrType: 'contact',
      destination: null,
      fields: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    });
    const page = await until(async () => {
      const answer = await client.request('GET', `/d/${code.shortCode}`, { host: ACME_SUB, headers: { 'user-agent': BROWSER_UA } });
      return answer.status === 200 && answer;
    }, "the contact code's page on the tenant's host");
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<title>[^<]* - Acme<\/title>/);
    expect(await scan(code.shortCode, BASE)).toBe(404);
  });

  it("client 1's code: on the default brand's hosts (hosts no client has are the default brand's too); never on a tenant's", async () => {
    const code = await createCodeByEvents(app.app, { tenantId: 1, destination: 'https://default.example/menu' });
    expect(await firstScan(code.shortCode, BASE)).toBe(302);
    expect(await scan(code.shortCode, '127.0.0.1')).toBe(302);
    expect(await scan(code.shortCode, 'unknown.example')).toBe(302);
    expect(await scan(code.shortCode, ACME_SUB)).toBe(404);
    expect(await scan(code.shortCode, ACME_DOMAIN)).toBe(404);
    expect(await scan(code.shortCode, BISTRO_SUB)).toBe(404);
  });

  it('an inactive tenant: its hosts fall back to the default brand, and so do its codes (printed codes keep working)', async () => {
    const code = await createCodeByEvents(app.app, { tenantId: 3, destination: 'https://bistro.example/menu' });
    expect(await firstScan(code.shortCode, BISTRO_SUB)).toBe(302);
    expect(await scan(code.shortCode, BASE)).toBe(404);
    const writer = testEvents(app.app);
    const off = await writer.append('tenant-3', [writer.event('ClientUpdated', { clientId: 3, changes: { isActive: false } })], 'any');
    await app.app.get(ProjectionsService).waitFor(off.position, ['clients']);
    // The host cache hears of the change over Redis (the clients projection's message) or within HOST_CACHE_MS.
    expect(await firstScan(code.shortCode, BASE)).toBe(302);
    expect(await scan(code.shortCode, BISTRO_SUB)).toBe(302);
    expect(await scan(code.shortCode, ACME_SUB)).toBe(404);
  });
});
