import { DataSource } from 'typeorm';
import { CommandPipeline, WAIT_BOUND_MS } from '../../command-pipeline/command-pipeline';
import { ProjectionsService } from '../../projections/projections.service';
import { TestClient } from '../../test-support/http';
import { lastEventPosition } from '../../test-support/last-event';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { signUp } from '../../test-support/users';
import { postMultipart } from '../codes.test-kit';

/** The codes projection stopped: every committed write still answers 2xx, from its events, in the row's shape. */
describe('code writes while the codes projection lags past the wait bound', () => {
  let app: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    app = await startTestApp();
    client = new TestClient(app.url);
    await signUp(client);
  });
  afterAll(() => app.close());

  const rows = async (id: string) =>
    (await app.app
      .get(DataSource)
      .query('SELECT id FROM qr_codes WHERE id = $1 UNION ALL SELECT id FROM dynamic_qr_codes WHERE id = $1', [id])) as unknown[];

  it(
    'POST /api/dynamic-qrcodes, POST /api/qrcodes, PUT, pause, resume and DELETE answer 2xx with their id; once caught up the lists ' +
      'show exactly what was answered',
    async () => {
      const projections = app.app.get(ProjectionsService);
      const pipeline = app.app.get(CommandPipeline);
      await projections.pause('codes');
      pipeline.setWaitBound(100);
      const answered: Record<string, Record<string, unknown>> = {};
      try {
        const started = Date.now();
        const dynamic = await postMultipart(client, '/api/dynamic-qrcodes', {
          qrType: 'url',
          destination: 'https://lag.example/menu',
          fgColor: '#112233',
        });
        expect(dynamic.status).toBe(201);
        expect(dynamic.body).toMatchObject({
          id: expect.any(String),
          version: 0,
          qrMode: 'dynamic',
          qrType: 'url',
          destination: 'https://lag.example/menu',
          fgColor: '#112233',
          isPaused: false,
          scanCount: 0,
          lastScannedAt: null,
        });
        expect(dynamic.body.shortCode).toMatch(/^[A-Za-z0-9]{8}$/);
        expect(dynamic.body.link).toBe(`http://localhost:3000/d/${dynamic.body.shortCode}`);
        expect(dynamic.headers.etag).toBe('"0"');
        expect(await rows(dynamic.body.id)).toEqual([]); // answered from the events: the read model has not seen it

        const updated = await client.put(
          `/api/dynamic-qrcodes/${dynamic.body.id}`,
          { destination: 'https://lag.example/new' },
          { headers: { 'if-match': String(dynamic.headers.etag) } },
        );
        expect(updated.status).toBe(200);
        expect(updated.body).toMatchObject({
          id: dynamic.body.id,
          version: 1,
          destination: 'https://lag.example/new',
          createdAt: dynamic.body.createdAt,
        });
        expect(updated.headers.etag).toBe('"1"');

        const paused = await client.post(`/api/dynamic-qrcodes/${dynamic.body.id}/pause`);
        expect(paused.status).toBe(200);
        expect(paused.body).toMatchObject({ id: dynamic.body.id, version: 2, isPaused: true, pausedAt: expect.any(String) });
        const resumed = await client.post(`/api/dynamic-qrcodes/${dynamic.body.id}/resume`);
        expect(resumed.body).toMatchObject({ id: dynamic.body.id, version: 3, isPaused: false, pausedAt: null });
        answered[dynamic.body.id] = resumed.body;

        // A static code with columns of its own (location: numeric coordinates) and one to delete.
        const located = await postMultipart(client, '/api/qrcodes', {
          qrType: 'location',
          address: '1 Main St',
          latitude: '51.5',
          longitude: '-0.12',
          name: 'Shop',
        });
        expect(located.status).toBe(201);
        expect(located.body).toMatchObject({
          id: expect.any(String),
          version: 0,
          qrMode: 'static',
          locationAddress: '1 Main St',
          content: expect.stringContaining('51.5'),
        });
        answered[located.body.id] = located.body;
        const doomed = await postMultipart(client, '/api/qrcodes', { qrType: 'url', url: 'https://doomed.example' });
        expect(doomed.status).toBe(201);
        const deleted = await client.delete(`/api/qrcodes/${doomed.body.id}`);
        expect(deleted).toMatchObject({ status: 200, body: { id: doomed.body.id, deleted: true } });
        expect(Date.now() - started).toBeLessThan(WAIT_BOUND_MS);
      } finally {
        pipeline.setWaitBound(WAIT_BOUND_MS);
        projections.resume('codes');
      }

      const head = await lastEventPosition(app.app.get(DataSource));
      expect(await projections.waitFor(head!, ['codes'], 10_000)).toBe(true);
      const listed = [...(await client.get('/api/dynamic-qrcodes')).body, ...(await client.get('/api/qrcodes')).body] as { id: string }[];
      expect(listed.map((code) => code.id).sort()).toEqual(Object.keys(answered).sort());
      for (const code of listed) expect(code).toEqual(answered[code.id]);
    },
  );
});
