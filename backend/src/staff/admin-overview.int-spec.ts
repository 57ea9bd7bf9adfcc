import type { EventStore } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { ProjectionsService } from '../projections/projections.service';
import { postMultipart } from '../codes/codes.test-kit';
import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { createTenants } from '../test-support/tenants';
import { grantRole, signUp } from '../test-support/users';

const utcToday = () => new Date().toISOString().slice(0, 10);

describe("GET /api/admin/overview: the console home figures, for staff only, scoped to the caller's tenants", () => {
  let app: TestApp;
  const MAIN = 'qrsharks.test';
  const ACME = 'acme.qrsharks.test';
  let admin: TestClient;
  let support: TestClient;
  let plain: TestClient;

  /** The figures come from the audit projection's lists: wait until it has read every event. */
  async function settled(): Promise<void> {
    const head = await app.app.get<EventStore>(EVENT_STORE).headPosition();
    if (head) await app.app.get(ProjectionsService).waitFor(head, ['audit']);
  }

  beforeAll(async () => {
    app = await startTestApp({ BASE_DOMAIN: MAIN });
    await createTenants(app.app, [{ clientId: 2 }]);
    admin = new TestClient(app.url, { host: MAIN });
    await grantRole(app, (await signUp(admin, 'boss@example.com')).id, 'admin');
    support = new TestClient(app.url, { host: MAIN });
    await grantRole(app, (await signUp(support, 'helper@example.com')).id, 'support');
    plain = new TestClient(app.url, { host: MAIN });
    await signUp(plain, 'plain@example.com');
    await settled();
  });
  afterAll(() => app.close());

  it('answers 401 signed out and 403 to a plain user; support and admins read it', async () => {
    expect((await new TestClient(app.url, { host: MAIN }).get('/api/admin/overview')).status).toBe(401);
    expect((await plain.get('/api/admin/overview')).status).toBe(403);
    expect((await support.get('/api/admin/overview')).status).toBe(200);
    expect((await admin.get('/api/admin/overview')).status).toBe(200);
  });

  it('counts new users, codes and sign-ups per day for 14 days to today; they move when a user signs up and makes a code', async () => {
    const before = await admin.get('/api/admin/overview');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      newUsersToday: 3,
      newUsers7d: 3,
      codes: 0,
      scansToday: 0,
      mailsQueued: expect.any(Number),
      projectionsBehind: expect.any(Number),
      signupsPerDay: expect.any(Array),
    });
    const days = before.body.signupsPerDay as { day: string; count: number }[];
    expect(days).toHaveLength(14);
    expect(days.at(-1)).toEqual({ day: utcToday(), count: 3 });
    expect(days.slice(0, 13).every((d) => d.count === 0)).toBe(true);
    expect(new Date(days[13].day).getTime() - new Date(days[0].day).getTime()).toBe(13 * 86_400_000);

    const owner = new TestClient(app.url, { host: MAIN });
    await signUp(owner, 'owner@example.com');
    expect((await postMultipart(owner, '/api/qrcodes', { qrType: 'url', url: 'https://menu.example/' })).status).toBe(201);
    await settled();
    const after = await admin.get('/api/admin/overview');
    expect(after.body).toMatchObject({ newUsersToday: 4, newUsers7d: 4, codes: 1 });
    expect((after.body.signupsPerDay as { count: number }[]).at(-1)?.count).toBe(4);
  });

  it("a white-label client's staff see their own tenant's figures, and no deployment-wide projections", async () => {
    await settled();
    const acme = new TestClient(app.url, { host: ACME });
    await grantRole(app, (await signUp(acme, 'acme-boss@example.com')).id, 'admin');
    await settled();
    const own = await acme.get('/api/admin/overview');
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ newUsersToday: 1, newUsers7d: 1, codes: 0, scansToday: 0, projectionsBehind: null });
    const all = await admin.get('/api/admin/overview');
    expect(all.body).toMatchObject({ newUsersToday: 5, codes: 1 });
  });
});
