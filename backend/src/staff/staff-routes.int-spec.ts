import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ProjectionsService } from '../projections/projections.service';
import { createCodeByEvents } from '../scans/scan-fixtures';
import { TestClient } from '../test-support/http';
import { appRoutes } from '../test-support/routes';
import { lastEventPosition } from '../test-support/last-event';
import { startTestApp, TestApp } from '../test-support/test-app';
import { grantRole, signUp } from '../test-support/users';
import { permissionsOf, STAFF_ACTIONS, type StaffAction } from '../accounts';

/**
 * The metadata key @Authenticated(...) sets (accounts/sessions/session-auth.guard.ts REQUIRED_ROLES; the accounts front door does
 * not export it). Were it renamed, no route would show a role and the first test would fail.
 */
const REQUIRED_ROLES = 'accounts:roles';

/** Every route of the running app as `METHOD /path/:param`, with the roles its @Authenticated(...) names (none: []). */
function routes(app: TestApp): Map<string, string[]> {
  return new Map(
    appRoutes(app).map(({ method, path, controller, handler }) => [
      `${method} ${path}`,
      (Reflect.getMetadata(REQUIRED_ROLES, handler) ?? Reflect.getMetadata(REQUIRED_ROLES, controller) ?? []) as string[],
    ]),
  );
}

/** Paths only staff reach: a route here without a role is a hole, whatever the table below says. */
const STAFF_PATHS = /^\/api\/(?:admin(?:\/|$)|white-label\/clients(?:\/|$))/;

type Fixtures = { user: string; code: string; target: number; doomed: number; doomedToo: number };
type Call = { path: string; body?: unknown; headers?: Record<string, string> };
interface Rule {
  action: StaffAction;
  /** The request each caller sends (harmless, or aimed at a fixture made to be consumed). */
  call: (f: Fixtures, who: string) => Call;
  /** Names something of the default brand: a white-label client's staff who may take the action get 404 (not theirs). */
  foreign?: boolean;
  /** What the default brand's allowed staff get (the request is valid; ids that name nothing are 404 for anyone). */
  ok: number[];
}

const BAD_KEY = { 'Idempotency-Key': 'not a key!' }; // a send refused after the role check (400), so nothing is sent
const list = '?range=[0,9]';

/**
 * EVERY staff route and the action of staff-roles.ts it takes. A staff route missing here, or here with another role
 * than its @Authenticated(...) names, fails the first test; the second sends each one as every kind of caller.
 */
const RULES: Record<string, Rule> = {
  'GET /api/admin/me': { action: 'read', call: () => ({ path: '/api/admin/me' }), ok: [200] },
  'GET /api/admin/overview': { action: 'read', call: () => ({ path: '/api/admin/overview' }), ok: [200] },
  'GET /api/admin/events': { action: 'read', call: () => ({ path: `/api/admin/events${list}` }), ok: [200] },
  'GET /api/admin/events.csv': { action: 'read', call: () => ({ path: '/api/admin/events.csv' }), ok: [200] },
  'GET /api/admin/events/:id': { action: 'read', call: () => ({ path: `/api/admin/events/${randomUUID()}` }), ok: [404] },
  'GET /api/admin/users': { action: 'read', call: () => ({ path: `/api/admin/users${list}` }), ok: [200] },
  'GET /api/admin/users/:id': { action: 'read', call: (f) => ({ path: `/api/admin/users/${f.user}` }), foreign: true, ok: [200] },
  'POST /api/admin/users/:id/roles/:role': {
    action: 'changeRoles',
    call: (f) => ({ path: `/api/admin/users/${f.user}/roles/support` }),
    foreign: true,
    ok: [201],
  },
  'DELETE /api/admin/users/:id/roles/:role': {
    action: 'changeRoles',
    call: (f) => ({ path: `/api/admin/users/${f.user}/roles/support` }),
    foreign: true,
    ok: [200],
  },
  'POST /api/admin/users/:id/disable': {
    action: 'disableAccounts',
    call: (f) => ({ path: `/api/admin/users/${f.user}/disable`, body: { reason: 'Role by route' } }),
    foreign: true,
    ok: [201],
  },
  'POST /api/admin/users/:id/enable': {
    action: 'disableAccounts',
    call: (f) => ({ path: `/api/admin/users/${f.user}/enable` }),
    foreign: true,
    ok: [201],
  },
  'GET /api/admin/codes': { action: 'read', call: () => ({ path: `/api/admin/codes${list}` }), ok: [200] },
  'GET /api/admin/codes/:id': { action: 'read', call: (f) => ({ path: `/api/admin/codes/${f.code}` }), foreign: true, ok: [200] },
  'POST /api/admin/codes/:id/suspension': {
    action: 'suspendCodes',
    call: (f) => ({ path: `/api/admin/codes/${f.code}/suspension`, body: { reason: 'Role by route' } }),
    foreign: true,
    ok: [201],
  },
  'DELETE /api/admin/codes/:id/suspension': {
    action: 'suspendCodes',
    call: (f) => ({ path: `/api/admin/codes/${f.code}/suspension` }),
    foreign: true,
    ok: [200],
  },
  'GET /api/admin/blocked-domains': { action: 'read', call: () => ({ path: `/api/admin/blocked-domains${list}` }), ok: [200] },
  'POST /api/admin/blocked-domains': {
    action: 'manageBlocklist',
    call: (_f, who) => ({
      path: '/api/admin/blocked-domains',
      body: { domain: `${who}.blocked-by-roles.example`, reason: 'Role by route' },
    }),
    ok: [201],
  },
  'DELETE /api/admin/blocked-domains/:domain': {
    action: 'manageBlocklist',
    call: (_f, who) => ({ path: `/api/admin/blocked-domains/${who}.blocked-by-roles.example` }),
    ok: [200],
  },
  'GET /api/admin/clients': { action: 'read', call: () => ({ path: `/api/admin/clients${list}` }), ok: [200] },
  'GET /api/admin/clients/:id': { action: 'read', call: (f) => ({ path: `/api/admin/clients/${f.target}` }), foreign: true, ok: [200] },
  'POST /api/admin/clients': {
    action: 'manageTenants',
    call: (_f, who) => ({ path: '/api/admin/clients', body: { name: `By ${who}` } }),
    ok: [201],
  },
  'PUT /api/admin/clients/:id': {
    action: 'manageTenants',
    call: (f) => ({ path: `/api/admin/clients/${f.target}`, body: { name: 'Target' } }),
    foreign: true,
    ok: [200],
  },
  'POST /api/admin/clients/:id/api-key': {
    action: 'manageTenants',
    call: (f) => ({ path: `/api/admin/clients/${f.target}/api-key` }),
    foreign: true,
    ok: [201],
  },
  'DELETE /api/admin/clients/:id': {
    action: 'deleteTenants',
    call: (f) => ({ path: `/api/admin/clients/${f.doomed}` }),
    foreign: true,
    ok: [200],
  },
  'GET /api/white-label/clients': { action: 'read', call: () => ({ path: '/api/white-label/clients' }), ok: [200] },
  'POST /api/white-label/clients': {
    action: 'manageTenants',
    call: (_f, who) => ({ path: '/api/white-label/clients', body: { name: `Spec by ${who}` } }),
    ok: [201],
  },
  'PUT /api/white-label/clients/:id': {
    action: 'manageTenants',
    call: (f) => ({ path: `/api/white-label/clients/${f.target}`, body: { id: f.target, name: 'Target' } }),
    foreign: true,
    ok: [200],
  },
  'DELETE /api/white-label/clients/:id': {
    action: 'deleteTenants',
    call: (f) => ({ path: `/api/white-label/clients/${f.doomedToo}` }),
    foreign: true,
    ok: [200],
  },
  'GET /api/admin/mail-jobs': { action: 'read', call: () => ({ path: `/api/admin/mail-jobs${list}` }), ok: [200] },
  'GET /api/admin/projections': { action: 'operate', call: () => ({ path: '/api/admin/projections' }), ok: [200] },
  'GET /api/admin/projections/:name': { action: 'operate', call: () => ({ path: '/api/admin/projections/clients' }), ok: [200] },
  'GET /api/admin/projection-rebuilds': { action: 'operate', call: () => ({ path: `/api/admin/projection-rebuilds${list}` }), ok: [200] },
  'GET /api/admin/projection-rebuilds/:id': {
    action: 'operate',
    call: () => ({ path: `/api/admin/projection-rebuilds/${randomUUID()}` }),
    ok: [404],
  },
  'POST /api/admin/projection-rebuilds': {
    action: 'operate',
    call: () => ({ path: '/api/admin/projection-rebuilds', body: { projection: 'newsletter_subscriptions' } }),
    ok: [201],
  },
  'GET /api/admin/dead-letters': { action: 'operate', call: () => ({ path: `/api/admin/dead-letters${list}` }), ok: [200] },
  'GET /api/admin/dead-letters/:id': { action: 'operate', call: () => ({ path: '/api/admin/dead-letters/999999' }), ok: [404] },
  'POST /api/admin/dead-letters/:id/retry': {
    action: 'operate',
    call: () => ({ path: '/api/admin/dead-letters/999999/retry' }),
    ok: [404],
  },
  'POST /api/admin/dead-letters/:id/skip': { action: 'operate', call: () => ({ path: '/api/admin/dead-letters/999999/skip' }), ok: [404] },
  'GET /api/admin/scan-pipeline': { action: 'operate', call: () => ({ path: '/api/admin/scan-pipeline' }), ok: [200] },
  'GET /api/admin/newsletter-subscribers': {
    action: 'sendCampaigns',
    call: () => ({ path: `/api/admin/newsletter-subscribers${list}` }),
    ok: [200],
  },
  'GET /api/admin/newsletter-subscribers.csv': {
    action: 'sendCampaigns',
    call: () => ({ path: '/api/admin/newsletter-subscribers.csv' }),
    ok: [200],
  },
  'GET /api/newsletter/recipients': { action: 'sendCampaigns', call: () => ({ path: '/api/newsletter/recipients' }), ok: [200] },
  'GET /api/newsletter/stats': { action: 'sendCampaigns', call: () => ({ path: '/api/newsletter/stats' }), ok: [200] },
  'POST /api/send-newsletter': {
    action: 'sendCampaigns',
    call: () => ({ path: '/api/send-newsletter', body: { subject: 'Role by route', content: 'Nothing is sent' }, headers: BAD_KEY }),
    ok: [400],
  },
  'POST /api/send-welcome-to-all': {
    action: 'sendCampaigns',
    call: () => ({ path: '/api/send-welcome-to-all', headers: BAD_KEY }),
    ok: [400],
  },
  'POST /api/send-scan-notifications': {
    action: 'sendCampaigns',
    call: () => ({ path: '/api/send-scan-notifications', headers: BAD_KEY }),
    ok: [400],
  },
  'POST /api/send-pause-notifications': {
    action: 'sendCampaigns',
    call: () => ({ path: '/api/send-pause-notifications', headers: BAD_KEY }),
    ok: [400],
  },
  'POST /api/admin/erasures/payers': {
    action: 'erasePersonalData',
    call: (_f, who) => ({ path: '/api/admin/erasures/payers', body: { email: `${who}.paid-nothing@example.com` } }),
    ok: [404],
  },
  'POST /api/admin/erasures/contact-senders': {
    action: 'erasePersonalData',
    call: (_f, who) => ({ path: '/api/admin/erasures/contact-senders', body: { email: `${who}.wrote-nothing@example.com` } }),
    ok: [404],
  },
  'GET /api/admin/campaigns': { action: 'sendCampaigns', call: () => ({ path: `/api/admin/campaigns${list}` }), ok: [200] },
  'GET /api/admin/campaigns/:id': { action: 'sendCampaigns', call: () => ({ path: `/api/admin/campaigns/${randomUUID()}` }), ok: [404] },
};

/** Issue 27 item 5: one rule per staff route, the same for the spec's white-label API and the console's. */
describe('staff routes: every route against every role (staff-roles.ts)', () => {
  const MAIN = 'qrsharks.test';
  const TENANT = 'bravo';
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ BASE_DOMAIN: MAIN });
  });
  afterAll(() => app.close());

  it('every staff route has a rule here, and names the role of its action', () => {
    const all = routes(app);
    const unguarded = [...all].filter(([route, roles]) => STAFF_PATHS.test(route.split(' ')[1]) && roles.length === 0).map(([r]) => r);
    expect(unguarded).toEqual([]);
    const staffRoutes = [...all].filter(([, roles]) => roles.length > 0 && !(roles.length === 1 && roles[0] === 'user'));
    expect(staffRoutes.map(([route]) => route).sort()).toEqual(Object.keys(RULES).sort());
    for (const [route, roles] of staffRoutes) expect({ route, roles }).toEqual({ route, roles: [STAFF_ACTIONS[RULES[route].action]] });
  });

  it("anonymous 401, a user 403; staff as staff-roles.ts says; a white-label client's staff reach their own tenant", async () => {
    const person = async (host: string, role: 'user' | 'support' | 'admin' | null) => {
      const client = new TestClient(app.url, { host });
      if (role === null) return client;
      const { id } = await signUp(client);
      if (role !== 'user') await grantRole(app, id, role);
      return client;
    };
    const admin = await person(MAIN, 'admin');
    const tenant = async (name: string, subdomain: string) => {
      const res = await admin.post('/api/admin/clients', { name, subdomain });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    const [target, doomed, doomedToo, bravo] = [
      await tenant('Target', 'target'),
      await tenant('Doomed', 'doomed'),
      await tenant('Doomed too', 'doomed-too'),
      await tenant('Bravo', TENANT),
    ];
    const bravoHost = `${TENANT}.${MAIN}`;
    const callers = {
      anonymous: { client: await person(MAIN, null), roles: null, tenantId: 1 },
      user: { client: await person(MAIN, 'user'), roles: ['user'], tenantId: 1 },
      bravoSupport: { client: await person(bravoHost, 'support'), roles: ['user', 'support'], tenantId: bravo },
      bravoAdmin: { client: await person(bravoHost, 'admin'), roles: ['user', 'admin'], tenantId: bravo },
      support: { client: await person(MAIN, 'support'), roles: ['user', 'support'], tenantId: 1 },
      admin: { client: admin, roles: ['user', 'admin'], tenantId: 1 },
    };
    const victim = await signUp(new TestClient(app.url, { host: MAIN }));
    const code = await createCodeByEvents(app.app, { userId: victim.id, tenantId: 1 });
    const fixtures: Fixtures = { user: victim.id, code: code.qrId, target, doomed, doomedToo };
    // Every read model has the fixtures, so a 404 below is the tenant scope's and not a lagging projection's.
    const head = await lastEventPosition(app.app.get(DataSource));
    const projections = app.app.get(ProjectionsService);
    // (the console's users and codes, the tenants, the users: the read models these routes find their targets in)
    expect(await projections.waitFor(head!, ['audit', 'clients', 'users', 'codes'], 60_000)).toBe(true);

    const got: string[] = [];
    const expected: string[] = [];
    for (const [route, rule] of Object.entries(RULES)) {
      const method = route.split(' ')[0];
      for (const [who, caller] of Object.entries(callers)) {
        const call = rule.call(fixtures, who.toLowerCase());
        const res = await caller.client.request(method, call.path, { body: call.body, headers: call.headers });
        const may =
          caller.roles !== null && permissionsOf({ roles: caller.roles as never, tenantId: caller.tenantId }).includes(rule.action);
        const want = caller.roles === null ? [401] : !may ? [403] : caller.tenantId !== 1 && rule.foreign ? [404] : rule.ok;
        const line = `${route} as ${who}: `;
        got.push(line + (want.includes(res.status) ? want.join('|') : `${res.status} ${String(res.body?.message ?? '')}`));
        expected.push(line + want.join('|'));
      }
    }
    expect(got).toEqual(expected);
    // 270 requests and six sign-ups: minutes on a loaded 2-core runner, seconds alone.
  }, 180_000);
});
