import { CommandPipeline } from '../command-pipeline/command-pipeline';
import { testEvents } from '../test-support/events';
import { ProjectionsService } from '../projections/projections.service';
import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { grantRole, signUp } from '../test-support/users';
import { until } from '../test-support/until';
import { TENANT_HOST_EVENTS } from './tenant-host';

const CLIENTS = '/api/white-label/clients';

describe('/api/white-label/clients', () => {
  let app: TestApp;
  let support: TestClient;
  let admin: TestClient;

  beforeAll(async () => {
    app = await startTestApp({ BASE_DOMAIN: 'qrsharks.test' });
    support = new TestClient(app.url);
    await grantRole(app, (await signUp(support)).id, 'support');
    admin = new TestClient(app.url);
    await grantRole(app, (await signUp(admin)).id, 'admin');
  });
  afterAll(() => app.close());

  it('POST, GET, PUT, DELETE: the whole life of a client, through events, answered from the read model', async () => {
    const created = await support.post(CLIENTS, {
      name: '  Acme Menus ',
      subdomain: 'Acme',
      customDomain: 'QR.Acme.Example',
      customCSS: 'body { color: red; }',
      removeQRCodeSharksBranding: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Acme Menus',
      subdomain: 'acme',
      customDomain: 'qr.acme.example',
      primaryColor: '#3B82F6',
      secondaryColor: '#1E40AF',
      logoUrl: null,
      customFavicon: null,
      isActive: true,
      removeQRCodeSharksBranding: true,
      customCSS: 'body { color: red; }',
    });
    expect(created.body.apiKey).toMatch(/^qrs_[0-9a-f]{48}$/);
    const id = created.body.id as number;
    expect(id).toBeGreaterThanOrEqual(2);

    const store = testEvents(app.app).store;
    expect((await store.readStream(`tenant-${id}`)).map((event) => event.type)).toEqual(['ClientCreated']);
    expect((await store.readStream('tenant-host-acme')).map((event) => [event.type, event.data])).toEqual([
      ['TenantHostReserved', { host: 'acme', clientId: id }],
    ]);

    const second = await admin.post(CLIENTS, { name: 'Bistro', primaryColor: '#ff0000' });
    expect(second.status).toBe(201);
    const list = await support.get(CLIENTS);
    expect(list.status).toBe(200);
    expect(list.body.map((client: { id: number }) => client.id)).toEqual([second.body.id, id, 1]);

    const updated = await support.put(`${CLIENTS}/${id}`, {
      id,
      name: 'Acme Food',
      subdomain: 'acme-food',
      primaryColor: '#112233',
      removeQRCodeSharksBranding: true,
    });
    expect(updated.status).toBe(200);
    // The form leaves out empty fields: the custom domain and CSS are cleared, the colours it omitted are the defaults.
    expect(updated.body).toMatchObject({
      id,
      name: 'Acme Food',
      subdomain: 'acme-food',
      customDomain: null,
      customCSS: null,
      primaryColor: '#112233',
      secondaryColor: '#1E40AF',
      apiKey: created.body.apiKey,
    });
    expect((await store.readStream('tenant-host-acme')).map((event) => event.type)).toEqual(['TenantHostReserved', 'TenantHostReleased']);
    expect((await store.readStream('tenant-host-qr.acme.example')).map((event) => event.type)).toEqual([
      'TenantHostReserved',
      'TenantHostReleased',
    ]);

    const mismatch = await support.put(`${CLIENTS}/${id}`, { id: id + 1, name: 'X' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('The id in the body does not match the URL');

    // Admins delete; support may not (issue 27: the same rule as /api/admin/clients).
    const refused = await support.delete(`${CLIENTS}/${id}`);
    expect([refused.status, refused.body.message]).toEqual([403, 'You do not have permission to do this']);
    const removed = await admin.delete(`${CLIENTS}/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id, deleted: true });
    expect((await store.readStream(`tenant-${id}`)).map((event) => event.type)).toEqual([
      'ClientCreated',
      'ClientUpdated',
      'ClientDeleted',
    ]);
    expect((await support.get(CLIENTS)).body.map((client: { id: number }) => client.id)).toEqual([second.body.id, 1]);
    expect((await admin.delete(`${CLIENTS}/${id}`)).status).toBe(404);
    expect((await support.put(`${CLIENTS}/${id}`, { name: 'Back' })).status).toBe(404);
    expect((await support.put(`${CLIENTS}/abc`, { name: 'Back' })).status).toBe(404);
  });

  it('validation: 400 with the message and the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'name', 'Name is required'],
      [{ name: '   ' }, 'name', 'Name is required'],
      [{ name: 'x'.repeat(256) }, 'name', 'Name must be at most 255 characters'],
      [
        { name: 'A', subdomain: 'has space' },
        'subdomain',
        'Subdomain must be one DNS label: letters, digits and hyphens, at most 63 characters, not starting or ending with a hyphen',
      ],
      [
        { name: 'A', subdomain: 'a.b' },
        'subdomain',
        'Subdomain must be one DNS label: letters, digits and hyphens, at most 63 characters, not starting or ending with a hyphen',
      ],
      [
        { name: 'A', subdomain: '-a' },
        'subdomain',
        'Subdomain must be one DNS label: letters, digits and hyphens, at most 63 characters, not starting or ending with a hyphen',
      ],
      [{ name: 'A', subdomain: 'www' }, 'subdomain', 'This subdomain is reserved'],
      [
        { name: 'A', customDomain: 'https://qr.acme.example/' },
        'customDomain',
        'Custom domain must be a host name such as qr.example.com (no https:// and no path)',
      ],
      [
        { name: 'A', customDomain: 'localhost' },
        'customDomain',
        'Custom domain must be a host name such as qr.example.com (no https:// and no path)',
      ],
      [
        { name: 'A', customDomain: 'x.qrsharks.test' },
        'customDomain',
        'Custom domain cannot be under the product domain; use the subdomain field instead',
      ],
      [{ name: 'A', primaryColor: 'red' }, 'primaryColor', 'Primary colour must be a hex colour such as #3B82F6'],
      [{ name: 'A', secondaryColor: '#12345' }, 'secondaryColor', 'Secondary colour must be a hex colour such as #3B82F6'],
      [{ name: 'A', logoUrl: 'javascript:alert(1)' }, 'logoUrl', 'Logo URL must be an http(s) URL or a path starting with /'],
      [
        { name: 'A', customFavicon: '//evil.example/x.ico' },
        'customFavicon',
        'Favicon URL must be an http(s) URL or a path starting with /',
      ],
      [{ name: 'A', customCSS: 'a{}</style><script>alert(1)</script>' }, 'customCSS', 'Custom CSS cannot contain </style or other markup'],
      [
        { name: 'A', customCSS: '@import url("https://evil.example/x.css");' },
        'customCSS',
        'Custom CSS cannot @import from other sites; only paths starting with / are allowed',
      ],
      [
        { name: 'A', customCSS: '@\\69mport "//evil.example/x.css";' },
        'customCSS',
        'Custom CSS cannot @import from other sites; only paths starting with / are allowed',
      ],
      [
        { name: 'A', customCSS: 'input[value^="a"] { background: \\75 rl(https://evil.example/a) }' },
        'customCSS',
        'Custom CSS can load images and fonts only from your own uploads (/uploads/...): url(), image-set() and @font-face sources ' +
          'elsewhere are not allowed',
      ],
      [{ name: 'A', customCSS: `a{content:"${'x'.repeat(21 * 1024)}"}` }, 'customCSS', 'Custom CSS must be at most 20 KB'],
      [
        { name: 'A', removeQRCodeSharksBranding: 'maybe' },
        'removeQRCodeSharksBranding',
        'removeQRCodeSharksBranding must be true or false',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await support.post(CLIENTS, body);
      expect({ body, status: res.status, message: res.body.message, field: res.body.errors?.[field] }).toEqual({
        body,
        status: 400,
        message,
        field: message,
      });
    }
    const fine = await support.post(CLIENTS, {
      name: 'Fine',
      logoUrl: 'https://cdn.example/logo.png',
      customFavicon: '/favicon-fine.ico',
      customCSS: '@import "/fonts.css"; .a > .b { color: #fff; background: url(/uploads/0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d.png) }',
    });
    expect(fine.status).toBe(201);
  });

  it("roles: 401 signed out, 403 for a user, support and admin allowed; another tenant's support sees only their own", async () => {
    const anonymous = new TestClient(app.url);
    expect((await anonymous.get(CLIENTS)).status).toBe(401);
    expect((await anonymous.post(CLIENTS, { name: 'X' })).status).toBe(401);
    expect((await anonymous.delete(`${CLIENTS}/2`)).status).toBe(401);

    const user = new TestClient(app.url);
    await signUp(user);
    expect((await user.get(CLIENTS)).status).toBe(403);
    expect((await user.post(CLIENTS, { name: 'X' })).status).toBe(403);
    expect((await user.put(`${CLIENTS}/1`, { name: 'X' })).status).toBe(403);

    expect((await support.get(CLIENTS)).status).toBe(200);
    expect((await admin.get(CLIENTS)).status).toBe(200);

    const tenant = await admin.post(CLIENTS, { name: 'Other Brand', subdomain: 'other-brand' });
    const host = 'other-brand.qrsharks.test';
    const foreign = new TestClient(app.url, { host });
    const foreignUser = await signUp(foreign);
    await grantRole(app, foreignUser.id, 'support');
    // Their own tenant, as the console's list shows them (issue 27: one rule for both APIs); changing it is refused.
    const own = await foreign.get(CLIENTS);
    expect(own.status).toBe(200);
    expect(own.body.map((client: { id: number }) => client.id)).toEqual([tenant.body.id]);
    const refused = await foreign.post(CLIENTS, { name: 'Sneaky' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only the staff of the default brand can manage white-label clients');
    expect((await foreign.put(`${CLIENTS}/${tenant.body.id}`, { name: 'Sneaky' })).status).toBe(403);
    expect((await foreign.delete(`${CLIENTS}/${tenant.body.id}`)).status).toBe(403);
  });

  it('DELETE of client 1 is 403; client 1 can be edited', async () => {
    const res = await admin.delete(`${CLIENTS}/1`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('The default client cannot be deleted');
    const edited = await admin.put(`${CLIENTS}/1`, { id: 1, name: 'QR Code Sharks', primaryColor: '#3B82F6', secondaryColor: '#1E40AF' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: 1, name: 'QR Code Sharks' });
  });

  it('10 concurrent creates with one subdomain: exactly one is created, the others are 409', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) => support.post(CLIENTS, { name: `Racer ${index}`, subdomain: 'race' })),
    );
    const statuses = results.map((res) => res.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    for (const res of results.filter((r) => r.status === 409))
      expect(res.body.message).toBe('The subdomain "race" is already used by another client');
    const holders = (await support.get(CLIENTS)).body.filter((client: { subdomain: string }) => client.subdomain === 'race');
    expect(holders).toHaveLength(1);
  });

  it('a custom domain or subdomain taken by a live client is 409 on create and on update; a freed one can be taken again', async () => {
    const first = await support.post(CLIENTS, { name: 'First', subdomain: 'reuse', customDomain: 'qr.reuse.example' });
    expect(first.status).toBe(201);
    const other = await support.post(CLIENTS, { name: 'Other', customDomain: 'QR.REUSE.EXAMPLE' });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('The custom domain "qr.reuse.example" is already used by another client');
    const bystander = await support.post(CLIENTS, { name: 'Bystander' });
    expect((await support.put(`${CLIENTS}/${bystander.body.id}`, { name: 'Bystander', subdomain: 'reuse' })).status).toBe(409);
    // Saving a client with its own names is no conflict.
    expect(
      (await support.put(`${CLIENTS}/${first.body.id}`, { name: 'First again', subdomain: 'reuse', customDomain: 'qr.reuse.example' }))
        .status,
    ).toBe(200);

    expect((await admin.delete(`${CLIENTS}/${first.body.id}`)).status).toBe(200);
    const second = await support.post(CLIENTS, { name: 'Second', subdomain: 'reuse', customDomain: 'qr.reuse.example' });
    expect(second.status).toBe(201);
    const store = testEvents(app.app).store;
    expect(TENANT_HOST_EVENTS.among(await store.readStream('tenant-host-reuse')).map((event) => [event.type, event.data.clientId])).toEqual(
      [
        ['TenantHostReserved', first.body.id],
        ['TenantHostReleased', first.body.id],
        ['TenantHostReserved', second.body.id],
      ],
    );
    // And freed by an update, too.
    expect((await support.put(`${CLIENTS}/${second.body.id}`, { name: 'Second', subdomain: 'reuse-2' })).status).toBe(200);
    expect(
      (await support.put(`${CLIENTS}/${bystander.body.id}`, { name: 'Bystander', subdomain: 'reuse', customDomain: 'qr.reuse.example' }))
        .status,
    ).toBe(200);
  });

  it("the new client's host resolves at once through GET /api/white-label/config, and stops resolving when deleted", async () => {
    const anonymous = new TestClient(app.url);
    const host = 'fresh.qrsharks.test';
    // Looked up (and cached as the default brand) before the client exists.
    expect((await anonymous.get('/api/white-label/config', { host })).body).toMatchObject({ id: 1 });
    const created = await support.post(CLIENTS, {
      name: 'Fresh Brand',
      subdomain: 'fresh',
      customDomain: 'qr.fresh.example',
      primaryColor: '#00AA00',
      customCSS: '.x{}',
    });
    expect(created.status).toBe(201);
    for (const h of [host, 'qr.fresh.example']) {
      expect((await anonymous.get('/api/white-label/config', { host: h })).body).toMatchObject({
        id: created.body.id,
        name: 'Fresh Brand',
        primaryColor: '#00AA00',
        customCSS: '.x{}',
      });
    }
    await support.put(`${CLIENTS}/${created.body.id}`, { name: 'Fresh Brand 2', subdomain: 'fresh' });
    expect((await anonymous.get('/api/white-label/config', { host })).body).toMatchObject({ id: created.body.id, name: 'Fresh Brand 2' });
    expect((await anonymous.get('/api/white-label/config', { host: 'qr.fresh.example' })).body).toMatchObject({ id: 1 });
    await admin.delete(`${CLIENTS}/${created.body.id}`);
    expect((await anonymous.get('/api/white-label/config', { host })).body).toMatchObject({ id: 1 });
  });

  it("a change written elsewhere (no local cache drop) reaches this process through the projection's Redis message", async () => {
    const anonymous = new TestClient(app.url);
    const host = 'elsewhere.qrsharks.test';
    expect((await anonymous.get('/api/white-label/config', { host })).body).toMatchObject({ id: 1 }); // now cached
    const writer = testEvents(app.app);
    const created = await writer.append(
      'tenant-900',
      [
        writer.event('ClientCreated', {
          clientId: 900,
          name: 'Elsewhere',
          customDomain: null,
          subdomain: 'elsewhere',
          logoUrl: null,
          primaryColor: '#3B82F6',
          secondaryColor: '#1E40AF',
          customFavicon: null,
          removeQRCodeSharksBranding: false,
          customCSS: null,
          isActive: true,
          apiKey: 'qrs_elsewhere',
        }),
      ],
      'no_stream',
    );
    expect(await app.app.get(ProjectionsService).waitFor(created.position, ['clients'])).toBe(true);
    let id = 1;
    const moved = async () => (id = (await anonymous.get('/api/white-label/config', { host })).body.id) !== 1;
    await until(moved, 'the host to answer the new client', 3000).catch(() => undefined);
    expect(id).toBe(900);
  });
  it('a create whose clients projection lags past the wait bound still answers 201 with its id and fields, from the events', async () => {
    const projections = app.app.get(ProjectionsService);
    const pipeline = app.app.get(CommandPipeline);
    await projections.pause('clients');
    pipeline.setWaitBound(100);
    let id: number | undefined;
    try {
      const created = await support.post(CLIENTS, { name: 'Lagging Brand', subdomain: 'lagging' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'Lagging Brand', subdomain: 'lagging', isActive: true });
      expect(created.body.apiKey).toMatch(/^qrs_[0-9a-f]{48}$/);
      id = created.body.id;
      expect(id).toBeGreaterThanOrEqual(2);
      const edited = await support.put(`${CLIENTS}/${id}`, { name: 'Lagging Brand 2', subdomain: 'lagging' });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ id, name: 'Lagging Brand 2', apiKey: created.body.apiKey, createdAt: created.body.createdAt });
    } finally {
      pipeline.setWaitBound(5000);
      projections.resume('clients');
    }
    // Once the projection runs again, the row holds what the answers said.
    const listed = await until(
      async () =>
        ((await support.get(CLIENTS)).body as { id: number; name: string; createdAt: string }[]).find(
          (client) => client.id === id && client.name === 'Lagging Brand 2',
        ),
      'the renamed client listed',
      5000,
    );
    expect(listed).toMatchObject({ id, name: 'Lagging Brand 2' });
  });
});
