import { DataSource } from 'typeorm';
import { dynamicForm, postMultipart } from '../codes/codes.test-kit';
import type { EventStore } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { ProjectionsService } from '../projections/projections.service';
import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { grantRole, signUp } from '../test-support/users';
import { createTenants } from '../test-support/tenants';
import { accountStatusAnswer, userAnswer } from '../accounts';
import {
  blockedDomainAnswer,
  blockedDomainChangeAnswer,
  staffCodeAnswer,
  staffCodeOneAnswer,
  staffUserAnswer,
  suspensionAnswer,
} from './staff.answers';

const list = (params: Record<string, unknown>) =>
  '?' +
  Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`)
    .join('&');

describe('the staff console API (/api/admin/*): roles, the list dialect, tenants, disabling, suspending, the blocklist', () => {
  let app: TestApp;
  const MAIN = 'qrsharks.test';
  const ACME = 'acme.qrsharks.test';
  let admin: TestClient;
  let support: TestClient;
  let plain: TestClient;
  let owner: TestClient;
  let adminUser: { id: string; email: string };
  let ownerUser: { id: string; email: string; password: string };
  let codeId: string;
  let shortCode: string;

  /** The console reads the audit projection's lists, which follow the commands: wait until it has every event. */
  async function settled(): Promise<void> {
    const head = await app.app.get<EventStore>(EVENT_STORE).headPosition();
    if (head) await app.app.get(ProjectionsService).waitFor(head, ['audit', 'scan_targets']);
    const dead = (await app.app.get(DataSource).query("SELECT error FROM projection_dead_letters WHERE projection = 'audit'")) as unknown[];
    if (dead.length) throw new Error(`the audit projection refused events: ${JSON.stringify(dead).slice(0, 2000)}`);
  }

  beforeAll(async () => {
    app = await startTestApp({ BASE_DOMAIN: MAIN });
    await createTenants(app.app, [{ clientId: 2 }]);
    admin = new TestClient(app.url, { host: MAIN });
    adminUser = await signUp(admin, 'boss@example.com');
    await grantRole(app, adminUser.id, 'admin');
    support = new TestClient(app.url, { host: MAIN });
    await grantRole(app, (await signUp(support, 'helper@example.com')).id, 'support');
    plain = new TestClient(app.url, { host: MAIN });
    await signUp(plain, 'plain@example.com');
    owner = new TestClient(app.url, { host: MAIN });
    ownerUser = await signUp(owner, 'owner@example.com');
    const code = await postMultipart(owner, '/api/dynamic-qrcodes', dynamicForm('https://menu.example/today'));
    expect(code.status).toBe(201);
    codeId = code.body.id as string;
    shortCode = code.body.shortCode as string;
    await settled();
  });
  afterAll(() => app.close());

  it(
    'every /api/admin route: 401 signed out, 403 for a plain user; support reads and suspends but gets 403 on roles, disabling ' +
      'and the blocklist',
    async () => {
      const routes: [string, string, unknown?][] = [
        ['GET', '/api/admin/me'],
        ['GET', '/api/admin/events'],
        ['GET', '/api/admin/events.csv'],
        ['GET', `/api/admin/events/${codeId}`],
        ['GET', '/api/admin/users'],
        ['GET', `/api/admin/users/${ownerUser.id}`],
        ['POST', `/api/admin/users/${ownerUser.id}/roles/support`],
        ['DELETE', `/api/admin/users/${ownerUser.id}/roles/support`],
        ['POST', `/api/admin/users/${ownerUser.id}/disable`, { reason: 'x' }],
        ['POST', `/api/admin/users/${ownerUser.id}/enable`],
        ['GET', '/api/admin/codes'],
        ['GET', `/api/admin/codes/${codeId}`],
        ['POST', `/api/admin/codes/${codeId}/suspension`, { reason: 'x' }],
        ['DELETE', `/api/admin/codes/${codeId}/suspension`],
        ['GET', '/api/admin/blocked-domains'],
        ['POST', '/api/admin/blocked-domains', { domain: 'a.example', reason: 'x' }],
        ['DELETE', '/api/admin/blocked-domains/a.example'],
      ];
      const anonymous = new TestClient(app.url, { host: MAIN });
      for (const [method, path, body] of routes) {
        expect({ method, path, status: (await anonymous.request(method, path, { body })).status }).toEqual({ method, path, status: 401 });
        expect({ method, path, status: (await plain.request(method, path, { body })).status }).toEqual({ method, path, status: 403 });
      }
      const adminOnly = routes.filter(([, path]) => /roles|disable|enable|blocked-domains$|blocked-domains\//.test(path));
      for (const [method, path, body] of adminOnly.filter(([m, p]) => !(m === 'GET' && p.endsWith('blocked-domains')))) {
        expect({ method, path, status: (await support.request(method, path, { body })).status }).toEqual({ method, path, status: 403 });
      }
      expect((await support.get('/api/admin/me')).body).toMatchObject({
        roles: ['user', 'support'],
        permissions: ['read', 'suspendCodes', 'manageTenants'],
        allTenants: true,
      });
      expect((await admin.get('/api/admin/me')).body.permissions).toEqual([
        'read',
        'suspendCodes',
        'manageTenants',
        'changeRoles',
        'disableAccounts',
        'manageBlocklist',
        'deleteTenants',
        'operate',
        'sendCampaigns',
        'erasePersonalData',
      ]);
    },
  );

  it("the audit log's User filter finds users: react-admin's default sort by id, and the console's sort by email (issue 30)", async () => {
    // What a ReferenceInput sends unless told otherwise: GET /api/admin/users?sort=["id","DESC"]&filter={"q":...}.
    const byId = await support.get('/api/admin/users' + list({ sort: ['id', 'DESC'], range: [0, 24], filter: { q: 'owner' } }));
    expect(byId.status).toBe(200);
    expect(byId.body.map((u: { email: string }) => u.email)).toEqual(['owner@example.com']);
    const ids = (await support.get('/api/admin/users' + list({ sort: ['id', 'ASC'], range: [0, 99] }))).body.map(
      (u: { id: string }) => u.id,
    );
    expect(ids).toEqual([...ids].sort());
    // What the console asks now: by email, A to Z, a few letters typed.
    const byEmail = await support.get('/api/admin/users' + list({ sort: ['email', 'ASC'], range: [0, 24], filter: { q: 'e' } }));
    expect(byEmail.status).toBe(200);
    const emails = byEmail.body.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['helper@example.com', 'owner@example.com']));
    expect(emails).toEqual([...emails].sort());
    expect((await support.get('/api/admin/users' + list({ sort: ['password', 'ASC'] }))).status).toBe(400);
  });

  it(
    'GET lists speak ra-data-simple-rest: Content-Range exposed, sort/range/filter, q, getMany by id; malformed parameters ' + '400',
    async () => {
      const page = await support.get('/api/admin/users' + list({ sort: ['email', 'ASC'], range: [0, 1], filter: {} }));
      expect(page.status).toBe(200);
      expect(page.headers['content-range']).toBe('users 0-1/4');
      expect(page.headers['access-control-expose-headers']).toBe('Content-Range');
      expect(page.body.map((u: { email: string }) => u.email)).toEqual(['boss@example.com', 'helper@example.com']);
      expect(JSON.stringify(page.body)).not.toMatch(/argon2/);

      const found = await support.get('/api/admin/users' + list({ filter: { q: 'OWNER@' } }));
      expect(found.body).toEqual([expect.objectContaining({ id: ownerUser.id, email: 'owner@example.com', codeCount: 1, roles: [] })]);
      const many = await support.get('/api/admin/users' + list({ filter: { id: [ownerUser.id, adminUser.id] } }));
      expect(many.body.map((u: { id: string }) => u.id).sort()).toEqual([ownerUser.id, adminUser.id].sort());
      const admins = await support.get('/api/admin/users' + list({ filter: { role: 'admin' } }));
      expect(admins.body.map((u: { id: string }) => u.id)).toEqual([adminUser.id]);

      const codes = await support.get('/api/admin/codes' + list({ filter: { userId: ownerUser.id } }));
      expect(codes.headers['content-range']).toBe('codes 0-0/1');
      expect(codes.body[0]).toMatchObject({
        id: codeId,
        label: 'menu.example/today',
        destination: 'https://menu.example/today',
        ownerEmail: 'owner@example.com',
        mode: 'dynamic',
      });
      // The rows are SQL rows: the documented answers (staff.answers.ts, the frontend's generated types) must fit them.
      const everyone = await support.get('/api/admin/users' + list({ range: [0, 99] }));
      for (const row of everyone.body) expect(staffUserAnswer.parse(row)).toEqual(row);
      const one = (await support.get(`/api/admin/users/${ownerUser.id}`)).body;
      expect(staffUserAnswer.parse(one)).toEqual(one);
      for (const row of codes.body) expect(staffCodeAnswer.parse(row)).toEqual(row);
      const code = (await support.get(`/api/admin/codes/${codeId}`)).body;
      expect(staffCodeOneAnswer.parse(code)).toEqual(code);

      const events = await support.get('/api/admin/events' + list({ filter: { userId: ownerUser.id }, range: [0, 9] }));
      expect(events.status).toBe(200);
      expect(events.headers['content-range']).toMatch(/^events 0-\d+\/\d+$/);
      expect(events.body.map((e: { type: string }) => e.type)).toEqual(['QrCreated', 'UserRegistered']);
      const full = await support.get(`/api/admin/events/${events.body[0].id as string}`);
      expect(full.status).toBe(200);
      expect(full.body).toMatchObject({
        type: 'QrCreated',
        streamId: `qr-${codeId}`,
        revision: '0',
        actorEmail: 'owner@example.com',
        summary: 'created the dynamic Website URL code menu.example/today',
        data: expect.objectContaining({ qrId: codeId, destination: 'https://menu.example/today' }),
        metadata: expect.objectContaining({ actorId: ownerUser.id, tenantId: 1 }),
      });
      expect(full.body.changes).toContainEqual({ field: 'destination', before: null, after: 'https://menu.example/today' });
      expect(typeof full.body.correlationId).toBe('string');
      const csv = await support.get('/api/admin/events.csv' + list({ filter: { userId: ownerUser.id } }));
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.text.split('\r\n')[0]).toBe('occurredAt,actorEmail,actorId,type,summary,streamId,revision,clientId,id');
      expect(csv.text).toContain('created the dynamic Website URL code menu.example/today');

      for (const resource of ['events', 'users', 'codes', 'blocked-domains']) {
        for (const query of [
          'range=1',
          'range=[5,1]',
          'range=[0,1000]',
          'range=nope',
          'sort=["password_hash","ASC"]',
          'sort=["createdAt","SIDEWAYS"]',
          'sort=null',
          'filter=[1]',
          'filter={"q":5}',
          'filter={"nope":1}',
          'filter={"id":"x"}',
          'extra=1',
        ]) {
          const res = await support.get(`/api/admin/${resource}?${query.replace(/[[\]{}"]/g, encodeURIComponent)}`);
          expect({ resource, query, status: res.status }).toEqual({ resource, query, status: 400 });
        }
      }
      expect((await support.get('/api/admin/events' + list({ filter: { from: 'yesterday-ish' } }))).status).toBe(400);
      expect((await support.get('/api/admin/users/not-a-uuid')).status).toBe(404);
      expect((await support.get('/api/admin/events/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    },
  );

  it('a white-label tenant staff see only their tenant; the default brand staff see all', async () => {
    const acmeAdmin = new TestClient(app.url, { host: ACME });
    const acmeUser = await signUp(acmeAdmin, 'acme-boss@example.com');
    await grantRole(app, acmeUser.id, 'admin');
    await settled();
    const acmeUsers = await acmeAdmin.get('/api/admin/users' + list({ range: [0, 99] }));
    expect(acmeUsers.body.map((u: { id: string }) => u.id)).toEqual([acmeUser.id]);
    expect((await acmeAdmin.get('/api/admin/codes')).body).toEqual([]);
    expect((await acmeAdmin.get(`/api/admin/codes/${codeId}`)).status).toBe(404);
    expect((await acmeAdmin.get(`/api/admin/users/${ownerUser.id}`)).status).toBe(404);
    expect((await acmeAdmin.post(`/api/admin/users/${ownerUser.id}/roles/support`)).status).toBe(404);
    expect((await acmeAdmin.post(`/api/admin/codes/${codeId}/suspension`, { reason: 'nope' })).status).toBe(404);
    const acmeEvents = await acmeAdmin.get('/api/admin/events' + list({ range: [0, 99] }));
    expect(new Set(acmeEvents.body.map((e: { clientId: number }) => e.clientId))).toEqual(new Set([2]));
    // The blocklist is the default brand's: a tenant's admin reads it but cannot change it.
    expect((await acmeAdmin.post('/api/admin/blocked-domains', { domain: 'x.example', reason: 'x' })).status).toBe(403);

    const everyone = await admin.get('/api/admin/users' + list({ range: [0, 99] }));
    expect(everyone.body.map((u: { id: string }) => u.id)).toContain(acmeUser.id);
    const onlyAcme = await admin.get('/api/admin/users' + list({ filter: { clientId: 2 } }));
    expect(onlyAcme.body.map((u: { id: string }) => u.id)).toEqual([acmeUser.id]);
  });

  it('roles: grant and revoke; an admin cannot remove the last admin role', async () => {
    const granted = await admin.post(`/api/admin/users/${ownerUser.id}/roles/support`);
    expect(granted.status).toBe(201);
    expect(granted.body.roles).toEqual(['user', 'support']);
    expect(userAnswer.parse(granted.body)).toEqual(granted.body);
    expect((await admin.delete(`/api/admin/users/${ownerUser.id}/roles/support`)).body.roles).toEqual(['user']);
    expect((await admin.post(`/api/admin/users/${ownerUser.id}/roles/owner`)).status).toBe(400);
    // The only admin of the main brand cannot take their own role, nor can another admin leave none.
    const self = await admin.delete(`/api/admin/users/${adminUser.id}/roles/admin`);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot revoke your own admin role');

    // A tenant of this test's own (so no other test's admins count): the main brand's admin may revoke its admins,
    // but not the last one; once it has a second admin, the first one's role goes.
    expect(await createTenants(app.app, [{ clientId: 3, name: 'Solo', subdomain: 'solo' }])).toBe(true);
    const only = await signUp(new TestClient(app.url, { host: 'solo.qrsharks.test' }), 'solo-boss@example.com');
    await grantRole(app, only.id, 'admin');
    const last = await admin.delete(`/api/admin/users/${only.id}/roles/admin`);
    expect(last.status).toBe(409);
    expect(last.body.message).toBe('An admin cannot remove the last admin role');
    await settled();
    expect((await admin.get(`/api/admin/users/${only.id}`)).body.roles).toContain('admin');
    const second = await signUp(new TestClient(app.url, { host: 'solo.qrsharks.test' }), 'solo-deputy@example.com');
    await grantRole(app, second.id, 'admin');
    const revoked = await admin.delete(`/api/admin/users/${only.id}/roles/admin`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.roles).not.toContain('admin');
  });

  it('disabling an account ends its sessions at once and refuses sign-in with a clear message; its codes keep working', async () => {
    const victim = new TestClient(app.url, { host: MAIN });
    const user = await signUp(victim, 'disabled@example.com');
    const code = await postMultipart(victim, '/api/dynamic-qrcodes', dynamicForm('https://still.example/works'));
    await settled();
    expect((await victim.get('/api/user')).status).toBe(200);
    await settled();

    expect((await admin.post(`/api/admin/users/${user.id}/disable`, {})).body.message).toBe('Reason is required');
    const disabled = await admin.post(`/api/admin/users/${user.id}/disable`, { reason: 'Spam campaign' });
    expect(disabled.status).toBe(201);
    expect(disabled.body.isDisabled).toBe(true);
    expect(accountStatusAnswer.parse(disabled.body)).toEqual(disabled.body);
    expect((await victim.get('/api/user')).status).toBe(401);
    const refused = await new TestClient(app.url, { host: MAIN }).post('/api/login', { username: user.email, password: user.password });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This account has been disabled. Please contact support.');
    const wrong = await new TestClient(app.url, { host: MAIN }).post('/api/login', { username: user.email, password: 'not-it' });
    expect(wrong.status).toBe(401);
    expect((await new TestClient(app.url).get(`/d/${code.body.shortCode}`)).status).toBe(302);
    expect((await admin.get(`/api/admin/users/${user.id}`)).body.isDisabled).toBe(true);
    expect((await admin.post(`/api/admin/users/${adminUser.id}/disable`, { reason: 'me' })).status).toBe(400);

    expect((await admin.post(`/api/admin/users/${user.id}/enable`)).body.isDisabled).toBe(false);
    expect((await victim.post('/api/login', { username: user.email, password: user.password })).status).toBe(200);
  });

  it("a disable's answer comes once the console's own list has it: the page's refresh right after shows it", async () => {
    const victim = new TestClient(app.url, { host: MAIN });
    const user = await signUp(victim, 'disabled-at-once@example.com');
    await settled();
    // The audit projection lags (as on a loaded machine): paused, and started again a second after the request.
    const projections = app.app.get(ProjectionsService);
    await projections.pause('audit');
    const answer = admin.post(`/api/admin/users/${user.id}/disable`, { reason: 'Spam campaign' });
    const resumed = new Promise((resolve) => setTimeout(resolve, 1_000)).then(() => projections.resume('audit'));
    try {
      expect((await answer).status).toBe(201);
      expect((await admin.get(`/api/admin/users/${user.id}`)).body.isDisabled).toBe(true);
    } finally {
      await resumed;
    }
  });

  it('suspending a code: /d/ answers the disabled page, the owner sees the reason and cannot resume; lifting restores it', async () => {
    expect((await support.post(`/api/admin/codes/${codeId}/suspension`, { reason: ' ' })).status).toBe(400);
    const suspended = await support.post(`/api/admin/codes/${codeId}/suspension`, { reason: 'Phishing reported' });
    expect(suspended.status).toBe(201);
    expect(suspensionAnswer.parse(suspended.body)).toEqual(suspended.body);
    const scan = await new TestClient(app.url).get(`/d/${shortCode}`);
    expect(scan.status).toBe(410);
    expect(scan.text).toContain('This QR code has been disabled');
    expect(scan.text).not.toContain('Phishing');
    const mine = (await owner.get('/api/dynamic-qrcodes')).body.find((c: { id: string }) => c.id === codeId);
    expect(mine).toMatchObject({ isSuspended: true, suspensionReason: 'Phishing reported' });
    const resume = await owner.post(`/api/dynamic-qrcodes/${codeId}/resume`);
    expect(resume.status).toBe(403);
    expect(resume.body.message).toBe('This QR code was suspended by our staff and cannot be resumed. Please contact support.');
    await settled();
    expect((await support.get('/api/admin/codes' + list({ filter: { isSuspended: true } }))).body.map((c: { id: string }) => c.id)).toEqual(
      [codeId],
    );

    expect((await support.delete(`/api/admin/codes/${codeId}/suspension`)).status).toBe(200);
    expect((await new TestClient(app.url).get(`/d/${shortCode}`)).status).toBe(302);
  });

  it('the blocklist: refused at create and update with a clear 400, codes already pointing there answer the disabled page', async () => {
    const code = await postMultipart(owner, '/api/dynamic-qrcodes', dynamicForm('https://login.phish.example/bank'));
    await settled();
    expect((await new TestClient(app.url).get(`/d/${code.body.shortCode}`)).status).toBe(302);

    expect((await admin.post('/api/admin/blocked-domains', { domain: 'not a domain', reason: 'x' })).body.message).toBe(
      'Domain must be a host name such as phish.example',
    );
    const blocked = await admin.post('/api/admin/blocked-domains', { domain: 'https://PHISH.example/path', reason: 'Credential phishing' });
    expect(blocked.status).toBe(201);
    expect(blocked.body).toMatchObject({ id: 'phish.example', domain: 'phish.example', blocked: true });
    expect(blockedDomainChangeAnswer.parse(blocked.body)).toEqual(blocked.body);
    expect((await support.get('/api/admin/blocked-domains')).body).toEqual([
      expect.objectContaining({ id: 'phish.example', reason: 'Credential phishing', blockedBy: adminUser.id }),
    ]);
    for (const row of (await support.get('/api/admin/blocked-domains')).body) expect(blockedDomainAnswer.parse(row)).toEqual(row);

    const refused = await postMultipart(owner, '/api/dynamic-qrcodes', dynamicForm('https://www.phish.example/'));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('URL points to a blocked domain: this destination was reported for abuse');
    const update = await owner.put(`/api/dynamic-qrcodes/${codeId}`, { destination: 'https://phish.example/x' });
    expect(update.status).toBe(400);
    const scan = await new TestClient(app.url).get(`/d/${code.body.shortCode}`);
    expect(scan.status).toBe(410);
    expect(scan.text).toContain('This QR code has been disabled');
    // Not a suffix of another name: notphish.example is a different domain.
    expect((await postMultipart(owner, '/api/dynamic-qrcodes', dynamicForm('https://notphish.example/'))).status).toBe(201);

    // A static code is refused like a dynamic one (issue 30 item 6): its links are printed in it. Nothing is appended.
    await settled();
    const codesBefore = (await owner.get('/api/qrcodes')).body.length;
    const headBefore = await app.app.get<EventStore>(EVENT_STORE).headPosition();
    const statics: [Record<string, string>, string][] = [
      [{ qrType: 'url', url: 'https://login.PHISH.example/bank' }, 'url'],
      [{ qrType: 'text', text: 'Pay your parking at https://pay.phish.example/now, thanks' }, 'text'],
      [{ qrType: 'contact', firstName: 'Pat', phoneNumber: '+15551234567', url: 'https://www.phish.example' }, 'url'],
    ];
    for (const [content, field] of statics) {
      const refusedStatic = await postMultipart(owner, '/api/qrcodes', {
        ...content,
        qrMode: 'static',
        fgColor: '#000000',
        bgColor: '#FFFFFF',
      });
      expect({ status: refusedStatic.status, body: refusedStatic.body }).toEqual({
        status: 400,
        body: expect.objectContaining({
          message: 'URL points to a blocked domain: this destination was reported for abuse',
          errors: { [field]: 'URL points to a blocked domain: this destination was reported for abuse' },
        }),
      });
    }
    expect(await app.app.get<EventStore>(EVENT_STORE).headPosition()).toEqual(headBefore);
    expect((await owner.get('/api/qrcodes')).body.length).toBe(codesBefore);
    const allowedStatic = await postMultipart(owner, '/api/qrcodes', { qrType: 'url', url: 'https://notphish.example/', qrMode: 'static' });
    expect(allowedStatic.status).toBe(201);

    expect((await admin.delete('/api/admin/blocked-domains/phish.example')).status).toBe(200);
    expect((await admin.delete('/api/admin/blocked-domains/phish.example')).status).toBe(404);
    expect((await new TestClient(app.url).get(`/d/${code.body.shortCode}`)).status).toBe(302);
  });

  it("a user's running trial: the console's user reads its end, as GET /api/trial-status has it (issue 30 item 5)", async () => {
    const trialist = new TestClient(app.url, { host: MAIN });
    const account = await signUp(trialist, 'trialist@example.com');
    await settled();
    expect((await support.get(`/api/admin/users/${account.id}`)).body).toMatchObject({ subscriptionStatus: 'free', trialEndDate: null });
    expect((await trialist.post('/api/activate-trial', { email: account.email })).status).toBe(200);
    const status = (await trialist.get('/api/trial-status')).body as { trialEndDate: string; daysRemaining: number };
    expect(status.daysRemaining).toBe(3);
    await settled();
    const shown = (await support.get(`/api/admin/users/${account.id}`)).body as { trialEndDate: string };
    expect(new Date(shown.trialEndDate).toISOString()).toBe(status.trialEndDate);
    const listed = await support.get('/api/admin/users' + list({ filter: { q: 'trialist@' } }));
    expect(new Date(listed.body[0].trialEndDate).toISOString()).toBe(status.trialEndDate);
  });
});
