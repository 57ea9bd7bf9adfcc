import type { EventStore } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { ProjectionsService } from '../projections/projections.service';
import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { createTenants } from '../test-support/tenants';
import { grantRole, signUp } from '../test-support/users';
import { subscriberAnswer } from './newsletter-signup.answers';
import { confirmToken, unsubscribeToken } from './newsletter-tokens';
import { newsletterStream } from './newsletter-subscription.events';
import { STREAM_NAMES } from '../event-store/event-store.module';
import type { StreamNames } from '../event-store/personal-data/stream-names';

const list = (params: Record<string, unknown>) =>
  '?' +
  Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(JSON.stringify(value))}`)
    .join('&');

describe('GET /api/admin/newsletter-subscribers (and .csv): the console subscriber list, admins only, per tenant', () => {
  let app: TestApp;
  const MAIN = 'qrsharks.test';
  const ACME = 'acme.qrsharks.test';
  let admin: TestClient;
  let support: TestClient;
  let acmeAdmin: TestClient;

  async function settled(): Promise<void> {
    const head = await app.app.get<EventStore>(EVENT_STORE).headPosition();
    if (head) await app.app.get(ProjectionsService).waitFor(head, ['newsletter_subscriptions']);
  }

  beforeAll(async () => {
    app = await startTestApp({ BASE_DOMAIN: MAIN });
    await createTenants(app.app, [{ clientId: 2 }]);
    admin = new TestClient(app.url, { host: MAIN });
    await grantRole(app, (await signUp(admin, 'boss@example.com')).id, 'admin');
    support = new TestClient(app.url, { host: MAIN });
    await grantRole(app, (await signUp(support, 'helper@example.com')).id, 'support');
    acmeAdmin = new TestClient(app.url, { host: ACME });
    await grantRole(app, (await signUp(acmeAdmin, 'acme-boss@example.com')).id, 'admin');
    const visitor = new TestClient(app.url, { host: MAIN });
    for (const email of ['ann@example.com', 'bob@example.com', '-cmd@example.com'])
      expect((await visitor.post('/api/newsletter-signup', { email })).status).toBe(200);
    expect((await new TestClient(app.url, { host: ACME }).post('/api/newsletter-signup', { email: 'acme-fan@example.com' })).status).toBe(
      200,
    );
    const [subscribed] = await app.app
      .get<EventStore>(EVENT_STORE)
      .readStream(newsletterStream(app.app.get<StreamNames>(STREAM_NAMES), 1, 'ann@example.com'));
    const secret = app.env.SESSION_SECRET;
    expect(
      (await visitor.post('/api/newsletter/confirm', { token: confirmToken(secret, 1, 'ann@example.com', subscribed.id) })).status,
    ).toBe(200);
    expect((await visitor.post('/api/newsletter/unsubscribe', { token: unsubscribeToken(secret, 1, 'bob@example.com') })).status).toBe(200);
    await settled();
  });
  afterAll(() => app.close());

  it('401 signed out, 403 for support (the newsletter tools are admin only), 400 for an unknown status', async () => {
    expect((await new TestClient(app.url, { host: MAIN }).get('/api/admin/newsletter-subscribers')).status).toBe(401);
    expect((await support.get('/api/admin/newsletter-subscribers')).status).toBe(403);
    expect((await support.get('/api/admin/newsletter-subscribers.csv')).status).toBe(403);
    const bad = await admin.get('/api/admin/newsletter-subscribers' + list({ filter: { status: 'maybe' } }));
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("status must be one of 'confirmed', 'unconfirmed', 'unsubscribed'");
  });

  it("lists the tenant's subscribers with their status, filtered by q and status, sorted and counted", async () => {
    const all = await admin.get('/api/admin/newsletter-subscribers' + list({ sort: ['email', 'ASC'], range: [0, 9] }));
    expect(all.status).toBe(200);
    expect(all.headers['content-range']).toBe('newsletter-subscribers 0-3/4');
    expect(all.body.map((row: { email: string; status: string }) => [row.email, row.status])).toEqual([
      ['-cmd@example.com', 'unconfirmed'],
      ['acme-fan@example.com', 'unconfirmed'],
      ['ann@example.com', 'confirmed'],
      ['bob@example.com', 'unsubscribed'],
    ]);
    // The rows are SQL rows: the documented answer (newsletter-signup.answers.ts, the frontend's generated types) must fit them.
    for (const row of all.body) expect(subscriberAnswer.parse(row)).toEqual(row);
    const confirmed = await admin.get('/api/admin/newsletter-subscribers' + list({ filter: { status: 'confirmed' } }));
    expect(confirmed.body.map((row: { email: string }) => row.email)).toEqual(['ann@example.com']);
    expect(confirmed.headers['content-range']).toBe('newsletter-subscribers 0-0/1');
    const searched = await admin.get('/api/admin/newsletter-subscribers' + list({ filter: { q: 'BOB' }, range: [0, 0] }));
    expect(searched.body).toEqual([
      expect.objectContaining({ email: 'bob@example.com', status: 'unsubscribed', unsubscribedAt: expect.any(String) }),
    ]);
    const acme = await acmeAdmin.get('/api/admin/newsletter-subscribers');
    expect(acme.body.map((row: { email: string }) => row.email)).toEqual(['acme-fan@example.com']);
  });

  it('exports the filtered list as CSV with a header row, a formula-like cell escaped', async () => {
    const csv = await admin.get(
      '/api/admin/newsletter-subscribers.csv' + list({ filter: { status: 'unconfirmed' }, sort: ['email', 'ASC'] }),
    );
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="newsletter-subscribers.csv"');
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('email,status,subscribedAt,confirmedAt,unsubscribedAt');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 2))).toEqual([
      ["'-cmd@example.com", 'unconfirmed'],
      ['acme-fan@example.com', 'unconfirmed'],
    ]);
  });
});
