import { QR_TYPES } from '@qrsharks/qr-core';
import { DataSource } from 'typeorm';
import { ProjectionsService } from '../projections/projections.service';
import { BROWSER_UA, createCodeByEvents, waitForEvents } from '../scans/scan-fixtures';
import { TestClient } from '../test-support/http';
import { lastEventPosition } from '../test-support/last-event';
import { startTestApp, TestApp } from '../test-support/test-app';
import { publicStatsAnswer } from './public-stats.answers';
import { PUBLIC_STATS_TTL_MS, PublicStatsService } from './public-stats.service';

describe('GET /api/public-stats: the landing page figures from the read models', () => {
  let app: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    app = await startTestApp();
    client = new TestClient(app.url);
  });
  afterAll(() => app.close());

  async function settle() {
    const head = await lastEventPosition(app.app.get(DataSource));
    expect(await app.app.get(ProjectionsService).waitFor(head!, ['analytics'], 10_000)).toBe(true);
  }

  const generate = (n: number) =>
    client.post('/api/track-generation', {
      qrCodeId: null,
      qrData: `https://stats.example/${n}`,
      qrType: 'url',
      foregroundColor: '#000000',
      backgroundColor: '#FFFFFF',
      hasLogo: false,
      sessionId: `anon_1700000000000_stats${n}`,
    });

  it('counts generations and human scans of the tenant, states the content types, and is cached for a minute', async () => {
    const first = await client.get('/api/public-stats');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    expect(first.body).toEqual({ codesGenerated: 0, scansRecorded: 0, contentTypes: QR_TYPES.length });

    for (const n of [1, 2, 3]) expect((await generate(n)).status).toBe(201);
    const code = await createCodeByEvents(app.app, {
      destination: 'https://stats.example/menu',
      fields: { url: 'https://stats.example/menu' },
    });
    for (let i = 0; i < 2; i++) {
      const scan = await client.get(`/d/${code.shortCode}`, { headers: { 'user-agent': BROWSER_UA } });
      expect(scan.status).toBe(302);
    }
    await waitForEvents(app.app, `scans-${code.qrId}`, 2);
    await settle();

    // Within the minute the cached figures are served: the read model has moved, the answer has not.
    expect((await client.get('/api/public-stats')).body).toMatchObject({ codesGenerated: 0, scansRecorded: 0 });
    // A minute later (the service's clock moved on) the read model is asked again, and GET serves the new figures.
    const later = await app.app.get(PublicStatsService).stats(1, Date.now() + PUBLIC_STATS_TTL_MS + 1);
    expect(later).toEqual({ codesGenerated: 3, scansRecorded: 2, contentTypes: QR_TYPES.length });
    expect((await client.get('/api/public-stats')).body).toEqual(later);
    // Counted by SQL: the documented answer (public-stats.answers.ts, the frontend's generated types) must fit it.
    expect(publicStatsAnswer.parse(later)).toEqual(later);
  });
});
