import { DataSource } from 'typeorm';
import { testEvents } from '../../test-support/events';
import { ProjectionsService } from '../../projections/projections.service';
import { rebuildProjection } from '../../projections/rebuild';
import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { signUp } from '../../test-support/users';
import { PNG_1x1, postMultipart } from '../codes.test-kit';

describe('audit trail, concurrency and replay', () => {
  let app: TestApp;
  let client: TestClient;
  let userId: string;
  beforeAll(async () => {
    app = await startTestApp();
    client = new TestClient(app.url);
    const user = await signUp(client);
    userId = user.id;
    expect((await client.post('/api/activate-trial', { email: user.email })).status).toBe(200);
  });
  afterAll(() => app.close());

  it(
    'GET /api/qrcodes/{id}/history: a code changed ten ways has eleven entries (a new url is a new destination too), oldest first, ' +
      'with who, when, before and after',
    async () => {
      const created = await postMultipart(client, '/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://one.example' });
      const id = created.body.id;
      const steps = [
        () => client.put(`/api/dynamic-qrcodes/${id}`, { destination: 'https://two.example' }),
        () => client.put(`/api/dynamic-qrcodes/${id}`, { fgColor: '#112233' }),
        () => client.post(`/api/dynamic-qrcodes/${id}/pause`),
        () => client.post(`/api/dynamic-qrcodes/${id}/resume`),
        () =>
          postMultipart(
            client,
            `/api/dynamic-qrcodes/${id}`,
            {},
            [{ name: 'logoFile', filename: 'brand.png', contentType: 'image/png', data: PNG_1x1 }],
            'PUT',
          ),
        () => client.put(`/api/dynamic-qrcodes/${id}`, { enableFrame: true, frameText: 'MENU' }),
        () => client.put(`/api/dynamic-qrcodes/${id}`, { qrData: { url: 'https://content.example' } }),
        () => client.put(`/api/dynamic-qrcodes/${id}`, { destination: 'https://three.example' }),
        () => client.delete(`/api/dynamic-qrcodes/${id}`),
      ];
      for (const step of steps) expect((await step()).status).toBe(200);
      // No-ops record nothing.
      const history = await client.get(`/api/qrcodes/${id}/history`);
      expect(history.status).toBe(200);
      expect(history.body.map((entry: { type: string }) => entry.type)).toEqual([
        'QrCreated',
        'QrDestinationChanged',
        'QrStyleChanged',
        'QrPaused',
        'QrResumed',
        'QrStyleChanged',
        'QrStyleChanged',
        // A web code's new url is where it leads (issue 30 item 3): recorded as both, in one append.
        'QrDestinationChanged',
        'QrContentChanged',
        'QrDestinationChanged',
        'QrDeleted',
      ]);
      expect(history.body.map((entry: { version: number }) => entry.version)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      for (const entry of history.body)
        expect(entry).toMatchObject({ actorId: userId, actorName: expect.stringContaining('@example.com') });
      // Destinations are stored as the redirect sends them (URL.href: a bare origin gains its slash).
      expect(history.body[1]).toMatchObject({
        before: { destination: 'https://one.example/' },
        after: { destination: 'https://two.example/' },
      });
      expect(history.body[2]).toMatchObject({ before: { fgColor: '#000000' }, after: { fgColor: '#112233' } });
      expect(history.body[5].after).toMatchObject({ logoFileName: 'brand.png' });
      expect(history.body[6]).toMatchObject({
        before: { enableFrame: false, frameText: 'SCAN ME' },
        after: { enableFrame: true, frameText: 'MENU' },
      });
      expect(history.body[7]).toMatchObject({
        before: { destination: 'https://two.example/' },
        after: { destination: 'https://content.example/' },
      });
      expect(Date.parse(history.body[0].at)).toBeLessThanOrEqual(Date.parse(history.body[10].at));
    },
  );

  it(
    'pause and update at once with the same If-Match: one wins and the other gets 412 (or, without it, both apply in order); never a ' +
      'silent overwrite',
    async () => {
      for (let round = 0; round < 5; round++) {
        const { body } = await postMultipart(client, '/api/qrcodes', {
          qrType: 'url',
          qrMode: 'dynamic',
          url: `https://race${round}.example`,
        });
        const [paused, updated] = await Promise.all([
          client.post(`/api/dynamic-qrcodes/${body.id}/pause`, undefined, { headers: { 'if-match': String(body.version) } }),
          client.put(
            `/api/dynamic-qrcodes/${body.id}`,
            { destination: `https://changed${round}.example` },
            { headers: { 'if-match': String(body.version) } },
          ),
        ]);
        // If-Match names the version both saw: the loser's precondition failed (412, RFC 9110), it is not re-decided.
        expect([paused.status, updated.status].sort()).toEqual([200, 412]);
        const [row] = (await client.get('/api/dynamic-qrcodes')).body.filter((c: { id: string }) => c.id === body.id);
        const history = (await client.get(`/api/qrcodes/${body.id}/history`)).body;
        expect(history).toHaveLength(2);
        expect(row.isPaused).toBe(paused.status === 200);
        expect(row.destination).toBe(updated.status === 200 ? `https://changed${round}.example/` : `https://race${round}.example/`);
      }
      // Without If-Match both land, in order, at distinct revisions.
      const { body } = await postMultipart(client, '/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://both.example' });
      const results = await Promise.all([
        client.post(`/api/dynamic-qrcodes/${body.id}/pause`),
        client.put(`/api/dynamic-qrcodes/${body.id}`, { destination: 'https://both2.example' }),
      ]);
      for (const res of results) expect([200, 409]).toContain(res.status);
      const history = (await client.get(`/api/qrcodes/${body.id}/history`)).body;
      expect(history).toHaveLength(1 + results.filter((r) => r.status === 200).length);
      // A stale version is refused: 412 when it came as If-Match, 409 when it came in the body as expectedVersion.
      const stale = await client.put(
        `/api/dynamic-qrcodes/${body.id}`,
        { destination: 'https://stale.example' },
        { headers: { 'if-match': '0' } },
      );
      expect(stale.status).toBe(412);
      const staleBody = await client.put(`/api/dynamic-qrcodes/${body.id}`, { destination: 'https://stale.example', expectedVersion: 0 });
      expect(staleBody.status).toBe(409);
    },
  );

  it('replay: rebuilding the codes projections from the events gives identical lists', async () => {
    await postMultipart(client, '/api/qrcodes', {
      qrType: 'contact',
      firstName: 'Ann',
      phoneNumber: '+1 555 0100',
      email: 'ann@example.com',
    });
    await postMultipart(client, '/api/qrcodes', { qrType: 'location', address: '1 Main St', latitude: '51.5', longitude: '-0.12' });
    const before = {
      static: (await client.get('/api/qrcodes')).body,
      dynamic: (await client.get('/api/dynamic-qrcodes')).body,
      paused: (await client.get('/api/dynamic-qrcodes/paused')).body,
    };
    expect(before.static.length).toBeGreaterThan(0);
    const counts = () => app.app.get(DataSource).query('SELECT * FROM code_counts ORDER BY client_id, user_id') as Promise<unknown[]>;
    const countsBefore = await counts();
    expect(countsBefore.length).toBeGreaterThan(0);
    const projections = app.app.get(ProjectionsService);
    for (const name of ['codes', 'uploaded-files'])
      await rebuildProjection(projections.get(name)!, testEvents(app.app).store, app.app.get(DataSource));
    const after = {
      static: (await client.get('/api/qrcodes')).body,
      dynamic: (await client.get('/api/dynamic-qrcodes')).body,
      paused: (await client.get('/api/dynamic-qrcodes/paused')).body,
    };
    expect(after).toEqual(before);
    expect(await counts()).toEqual(countsBefore);
    const [{ n }] = (await app.app.get(DataSource).query('SELECT count(*)::int AS n FROM qr_codes')) as { n: number }[];
    expect(n).toBeGreaterThanOrEqual(before.static.length);
  });
});
