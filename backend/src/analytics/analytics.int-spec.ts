import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { DataSource } from 'typeorm';
import { testEvents } from '../test-support/events';
import { ProjectionsService } from '../projections/projections.service';
import { rebuildProjection } from '../projections/rebuild';
import type { Scanned } from '../scans';
import { BROWSER_UA, createCodeByEvents, scannedEvent, uuidv7, waitForEvents } from '../scans/scan-fixtures';
import { TestClient } from '../test-support/http';
import { lastEventPosition } from '../test-support/last-event';
import { PrivatePostgres } from '../test-support/private-postgres';
import { startTestApp, TestApp } from '../test-support/test-app';
import { signUp } from '../test-support/users';
import { codeAnalyticsSchema, userAnalyticsSchema } from './analytics.answers';
import { AnalyticsProjection } from './analytics.projection';
import { letTimePass } from '../test-support/until';

const DESKTOP_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe('analytics: GET /api/user-analytics, GET /api/dynamic-qrcodes/{id}/analytics(.csv), live feed, rebuild', () => {
  let app: TestApp;
  let owner: TestClient;
  let userId: string;
  // A PostgreSQL of its own: 'counts honestly once caught up' holds a transaction open, which on the shared server
  // would hold back $all (the oldest open transaction of the whole server) for every other test file's projections.
  const pg = new PrivatePostgres();
  beforeAll(async () => {
    await pg.start();
    app = await startTestApp({ TRUST_PROXY: '1' }, { server: pg.adminUrl });
    owner = new TestClient(app.url);
    userId = (await signUp(owner)).id;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await pg.destroy();
  });

  const scan = (code: string, ua: string, ip: string, extra: Record<string, string> = {}, method = 'GET') =>
    owner.request(method, `/d/${code}`, { headers: { 'user-agent': ua, 'x-forwarded-for': ip, ...extra } });

  async function track(type: 'QrGenerated' | 'QrDownloaded', qrCodeId: string | null, qrType = 'url') {
    const writer = testEvents(app.app);
    const sessionId = `anon_${randomUUID()}`;
    const data = {
      qrCodeId,
      userId,
      sessionId,
      qrType,
      qrContent: 'https://shop.example.com/a/b',
      foregroundColor: '#000000',
      backgroundColor: '#FFFFFF',
      hasLogo: false,
      referrer: null,
      userAgent: DESKTOP_UA,
      ipHash: 'h',
      ...(type === 'QrDownloaded' ? { downloadType: 'png' } : {}),
    };
    return writer.append(`tracking-1-${sessionId}`, [writer.event(type, data, { tenantId: 1 })], 'any');
  }

  async function settle() {
    const head = await lastEventPosition(app.app.get(DataSource));
    expect(await app.app.get(ProjectionsService).waitFor(head!, ['analytics'], 10_000)).toBe(true);
  }

  it('counts people, unique visitors and bots per day, breaks them down, and a rebuild gives identical answers', async () => {
    const menu = await createCodeByEvents(app.app, {
      userId,
      destination: 'https://example.com/menu',
      fields: { url: 'https://example.com/menu' },
    });
    const shop = await createCodeByEvents(app.app, {
      userId,
      destination: 'https://shop.example.com/',
      fields: { url: 'https://shop.example.com/' },
    });
    const card = await createCodeByEvents(app.app, {
      userId,
      mode: 'static',
      qrType: 'contact',
      destination: null,
      fields: { firstName: 'Ada', lastName: 'Lovelace' },
    });
    await createCodeByEvents(app.app, { destination: 'https://someone-else.example.com/' });

    // menu: 3 scans by 2 people (one twice), 1 link preview, 1 HEAD; shop: 1 scan.
    expect((await scan(menu.shortCode, BROWSER_UA, '81.2.69.142', { referer: 'https://www.instagram.com/p/1' })).status).toBe(302);
    expect((await scan(menu.shortCode, BROWSER_UA, '81.2.69.142')).status).toBe(302);
    expect((await scan(menu.shortCode, DESKTOP_UA, '8.8.8.8')).status).toBe(302);
    expect(
      (await scan(menu.shortCode, 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', '31.13.64.1')).status,
    ).toBe(302);
    expect((await scan(menu.shortCode, DESKTOP_UA, '8.8.8.8', {}, 'HEAD')).status).toBe(302);
    expect((await scan(shop.shortCode, DESKTOP_UA, '8.8.4.4')).status).toBe(302);
    await waitForEvents(app.app, `scans-${menu.qrId}`, 5);
    await waitForEvents(app.app, `scans-${shop.qrId}`, 1);
    await track('QrGenerated', card.qrId, 'contact');
    await track('QrGenerated', shop.qrId);
    await track('QrDownloaded', shop.qrId);
    await track('QrDownloaded', shop.qrId);
    await track('QrGenerated', null);
    await settle();

    const snapshot = async () => {
      const today = new Date().toISOString().slice(0, 10);
      const answers: Record<string, unknown> = {};
      for (const path of [
        '/api/user-analytics',
        `/api/dynamic-qrcodes/${menu.qrId}/analytics`,
        `/api/dynamic-qrcodes/${menu.qrId}/analytics?bots=true`,
        `/api/dynamic-qrcodes/${menu.qrId}/analytics?from=2020-01-01&to=${today}`,
        `/api/dynamic-qrcodes/${shop.qrId}/analytics`,
      ]) {
        const res = await owner.get(path);
        expect(res.status).toBe(200);
        // Exactly what /api/docs (and so the frontend's generated types) says: parsing drops no field and fails on none.
        expect((path === '/api/user-analytics' ? userAnalyticsSchema : codeAnalyticsSchema).parse(res.body)).toEqual(res.body);
        answers[path] = res.body;
      }
      const csv = await owner.get(`/api/dynamic-qrcodes/${menu.qrId}/analytics.csv`);
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      answers.csv = csv.text;
      return answers;
    };

    const live = await snapshot();
    const overview = live['/api/user-analytics'] as Record<string, any>;
    expect(overview).toEqual({
      overview: { totalQrCodes: 3, totalScans: 4, totalDownloads: 2, totalGenerations: 3, staticQrCodes: 1, dynamicQrCodes: 2 },
      qrTypeDistribution: { url: 2, contact: 1 },
      recentActivity: { generations: 3, downloads: 2 },
      topPerformingQrCodes: [
        { id: shop.qrId, name: 'shop.example.com', type: 'url', downloads: 2, generations: 1 },
        { id: card.qrId, name: 'Ada Lovelace', type: 'contact', downloads: 0, generations: 1 },
        { id: menu.qrId, name: 'example.com/menu', type: 'url', downloads: 0, generations: 0 },
      ],
      dynamicQrPerformance: [
        { id: menu.qrId, name: 'example.com/menu', scans: 3 },
        { id: shop.qrId, name: 'shop.example.com', scans: 1 },
      ],
    });
    const people = live[`/api/dynamic-qrcodes/${menu.qrId}/analytics`] as Record<string, any>;
    // The Facebook unfurl and the HEAD request are both link previews (and bots).
    expect(people.totals).toEqual({ scans: 3, uniqueVisitors: 2, bots: 2, previews: 2, generations: 0, downloads: 0 });
    expect(people.daily).toHaveLength(30);
    expect(people.breakdowns.country).toEqual([
      { value: 'GB', count: 2 },
      { value: 'US', count: 1 },
    ]);
    expect(people.breakdowns.device).toEqual([
      { value: 'mobile', count: 2 },
      { value: 'desktop', count: 1 },
    ]);
    expect(people.breakdowns.referrer).toEqual([
      { value: '(direct)', count: 2 },
      { value: 'www.instagram.com', count: 1 },
    ]);
    expect(people.breakdowns.hour.reduce((sum: number, row: { count: number }) => sum + row.count, 0)).toBe(3);
    expect((live[`/api/dynamic-qrcodes/${menu.qrId}/analytics?bots=true`] as Record<string, any>).totals).toEqual({
      scans: 5,
      uniqueVisitors: 2,
      bots: 2,
      previews: 2,
      generations: 0,
      downloads: 0,
    });
    expect(live.csv).toContain('section,date,value,scans,unique_visitors,bots,previews,generations,downloads');

    const projection = app.app.get(AnalyticsProjection);
    const result = await rebuildProjection(projection, testEvents(app.app).store, app.app.get(DataSource));
    expect(result.events).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(live);
  });

  it('a rebuild sums scans in any order into exactly the rows the live fold wrote, also with scans arriving meanwhile', async () => {
    const codes = [await createCodeByEvents(app.app, { userId }), await createCodeByEvents(app.app, { userId })];
    const store = testEvents(app.app).store;
    const devices = ['mobile', 'desktop', 'tablet', ''];
    const referrers = [null, 'https://www.instagram.com/p/1', 'https://t.co/x', 'not a url'];
    let n = 0;
    const scans = (count: number) =>
      Array.from({ length: count }, () => {
        const i = n++;
        const code = codes[i % 2];
        // Times shuffled over five days (and both sides of midnight), visitors repeating within and across days.
        const scannedAt = new Date(Date.UTC(2026, 10, 18 + ((i * 7) % 5), (i * 13) % 24, i % 60)).toISOString();
        const isBot = i % 9 === 0;
        const data: Scanned = {
          scanId: uuidv7(),
          qrId: code.qrId,
          shortCode: code.shortCode,
          scannedAt,
          visitorHash: `v${(i * 31) % 17}`,
          device: devices[i % 4],
          os: i % 3 ? 'iOS' : 'Android',
          browser: 'Chrome',
          referrer: referrers[i % 4],
          country: i % 5 ? 'DK' : null,
          language: 'da',
          isBot,
          botReason: isBot ? 'user-agent' : null,
          // Issue 33: routed scans (a rule, a split's arms) among scans without a route.
          ...(i % 4 === 1 ? {} : { route: ['rule 1', 'split a', 'split b'][i % 3] }),
        };
        return { streamId: `scans-${code.qrId}`, events: [scannedEvent(data, 1)], expectedRevision: 'any' as const };
      });
    for (let round = 0; round < 6; round++) await store.appendMany(scans(50));
    await settle();

    const dataSource = app.app.get(DataSource);
    const tables = async () => {
      const ids = codes.map((code) => code.qrId);
      const rows: Record<string, unknown> = {};
      for (const [table, order] of [
        ['scan_daily', 'day'],
        ['scan_visitors', 'day, visitor_hash'],
        ['scan_breakdowns', 'day, dimension, value, is_bot'],
        ['scan_facets', 'day, visitor_hash, kind, country, device, os, browser, referrer, hour, route'],
        ['scan_totals', 'qr_id'],
      ]) {
        rows[table] = await dataSource.query(`SELECT * FROM ${table} WHERE qr_id = ANY($1) ORDER BY qr_id, ${order}`, [ids]);
      }
      return rows;
    };
    const live = await tables();
    expect((live.scan_totals as { scans: string; bots: string }[]).map((row) => Number(row.scans) + Number(row.bots))).toEqual([150, 150]);
    const routes = (live.scan_breakdowns as { dimension: string; value: string }[]).filter((row) => row.dimension === 'route');
    expect([...new Set(routes.map((row) => row.value))].sort()).toEqual(['default', 'rule 1', 'split a', 'split b']);

    expect(live.scan_daily).not.toEqual([]);

    // The keys and indexes of the live tables, by name: a rebuild fills the summed tables bare and builds them after.
    const keys = () =>
      dataSource.query(
        `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'
         AND tablename IN ('scan_daily', 'scan_visitors', 'scan_breakdowns', 'scan_facets', 'scan_totals') ORDER BY indexname`,
      );
    const keysBefore = await keys();
    expect(keysBefore.length).toBeGreaterThanOrEqual(5);

    // The rebuild's bulk path (staging table, one set-based pass) writes exactly what the live fold wrote.
    await rebuildProjection(app.app.get(AnalyticsProjection), store, dataSource);
    expect(await tables()).toEqual(live);
    expect(await keys()).toEqual(keysBefore);

    // Scans keep coming while a rebuild runs: those after the replay go through the live path into the new
    // tables. Then a rebuild of the whole history, all bulk, must agree row for row.
    let appending = true;
    const during = (async () => {
      while (appending) {
        await store.appendMany(scans(5));
        await letTimePass(5, 'pacing of the load, not a wait: scans keep coming while the rebuild runs');
      }
    })();
    await rebuildProjection(app.app.get(AnalyticsProjection), store, dataSource);
    appending = false;
    await during;
    await settle();
    const mixed = await tables();
    expect(
      (mixed.scan_totals as { scans: string; bots: string }[]).reduce((sum, row) => sum + Number(row.scans) + Number(row.bots), 0),
    ).toBe(n);
    await rebuildProjection(app.app.get(AnalyticsProjection), store, dataSource);
    expect(await tables()).toEqual(mixed);
  });

  it('answers 404 for a code of another user, 401 signed out, 400 for a bad period', async () => {
    const mine = await createCodeByEvents(app.app, { userId });
    const stranger = new TestClient(app.url);
    await signUp(stranger);
    expect((await stranger.get(`/api/dynamic-qrcodes/${mine.qrId}/analytics`)).status).toBe(404);
    expect((await stranger.get(`/api/dynamic-qrcodes/${mine.qrId}/analytics.csv`)).status).toBe(404);
    expect((await new TestClient(app.url).get(`/api/dynamic-qrcodes/${mine.qrId}/analytics`)).status).toBe(401);
    expect((await new TestClient(app.url).get('/api/user-analytics')).status).toBe(401);
    expect((await owner.get(`/api/dynamic-qrcodes/${mine.qrId}/analytics?from=2024-13-01`)).status).toBe(400);
    expect((await owner.get(`/api/dynamic-qrcodes/${mine.qrId}/analytics?from=2024-02-01&to=2024-01-01`)).status).toBe(400);
    const badDay = await owner.get(`/api/dynamic-qrcodes/${mine.qrId}/analytics?to=2024-02-30`);
    expect([badDay.status, badDay.body.errors]).toEqual([400, { to: 'to must be a date as YYYY-MM-DD' }]);
    expect((await owner.get(`/api/dynamic-qrcodes/${mine.qrId}/analytics?bots=yes`)).body.message).toBe('bots must be true or false');
    // A malformed id names no code: 404 with the code's message, never a 500 from the database.
    for (const path of ['x%00/analytics', 'x%00/analytics.csv', 'not-a-uuid/scans/live', `${mine.qrId}x/analytics`]) {
      const res = await owner.get(`/api/dynamic-qrcodes/${path}`);
      expect([path, res.status, res.body.message]).toEqual([path, 404, 'QR code not found']);
    }
  });

  it('GET /api/dynamic-qrcodes/{id}/scans/live streams scans as server-sent events once they are stored', async () => {
    const code = await createCodeByEvents(app.app, { userId });
    const url = new URL(`/api/dynamic-qrcodes/${code.qrId}/scans/live`, app.url);
    const received = new Promise<string>((resolve, reject) => {
      const req = request(
        {
          hostname: url.hostname,
          port: url.port,
          path: url.pathname,
          headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        },
        (res) => {
          expect(res.headers['content-type']).toContain('text/event-stream');
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString();
            if (text.includes('event: scan')) {
              req.destroy();
              resolve(text);
            }
          });
          // The subscription is in place once the first bytes arrive: then scan.
          res.once('data', () => void scan(code.shortCode, BROWSER_UA, '81.2.69.142'));
        },
      );
      req.on('error', reject);
      req.end();
    });
    const text = await received;
    const data = JSON.parse(text.split('event: scan\ndata: ')[1].split('\n')[0]) as { qrId: string; device: string; isBot: boolean }[];
    expect(data[0]).toMatchObject({ qrId: code.qrId, device: 'mobile', isBot: false });
    expect(JSON.stringify(data)).not.toContain('visitorHash');
  });

  // Issue 17: a bench of 1,000,000 scans read 907,250 instead of 950,000 after "caught up": it waited for headPosition(),
  // which stops below the cluster's oldest open transaction, so the last batches were not yet part of the target.
  it('counts honestly once caught up with what was written (not with the visible head), and fixture codes are whole', async () => {
    const dataSource = app.app.get(DataSource);
    const code = await createCodeByEvents(app.app, { userId, destination: 'https://example.com/honest' });
    // The fixture writes a complete QrCreated: the codes projection keeps it (it dead-lettered it before: qr_style NOT NULL).
    const dead = (await dataSource.query('SELECT projection, event_type, error FROM projection_dead_letters')) as unknown[];
    expect(dead).toEqual([]);
    expect(await dataSource.query('SELECT id FROM dynamic_qr_codes WHERE id = $1', [code.qrId])).toHaveLength(1);

    const count = async () =>
      Number(
        ((await dataSource.query('SELECT scans FROM scan_totals WHERE qr_id = $1', [code.qrId])) as { scans: string }[])[0]?.scans ?? 0,
      );
    // Another session's transaction (any database of the server: this file's own) holds $all's visibility back while scans are written.
    const other = dataSource.createQueryRunner();
    await other.connect();
    await other.startTransaction();
    await other.query('SELECT pg_current_xact_id()');
    const store = testEvents(app.app).store;
    const scans = Array.from({ length: 20 }, (_, n) => {
      const scanId = uuidv7();
      const at = new Date(Date.now() - n * 1000).toISOString();
      const data: Scanned = {
        scanId,
        qrId: code.qrId,
        shortCode: code.shortCode,
        scannedAt: at,
        visitorHash: `visitor-${n % 5}`,
        device: 'mobile',
        os: 'iOS',
        browser: 'Mobile Safari',
        referrer: null,
        country: 'DE',
        language: 'en',
        isBot: false,
        botReason: null,
      };
      return scannedEvent(data, 1);
    });
    let written;
    try {
      [written] = await store.appendMany([{ streamId: `scans-${code.qrId}`, events: scans, expectedRevision: 'any' }]);
      const projections = app.app.get(ProjectionsService);
      // The old measure: the visible head is behind what was written, so "caught up" with it says nothing about the 20 scans.
      const head = await store.headPosition();
      expect(head!.commit < written.position.commit).toBe(true);
      expect(await projections.waitFor(head!, ['analytics'], 5000)).toBe(true);
      expect(await count()).toBe(0);
      // The measure the bench uses now: the position the last append answered, which the projection reaches only later.
      expect(await projections.waitFor(written.position, ['analytics'], 500)).toBe(false);
    } finally {
      await other.commitTransaction();
      await other.release();
    }
    expect(await app.app.get(ProjectionsService).waitFor(written!.position, ['analytics'], 10_000)).toBe(true);
    expect(await count()).toBe(20);
  });

  it('breaks scans down by the route that answered them and filters by it: A against B by scans and unique visitors', async () => {
    const code = await createCodeByEvents(app.app, { userId, destination: 'https://example.com/routes' });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    let minute = 0;
    const at = (visitor: string, route: string | null, isBot = false) => {
      const data: Scanned = {
        scanId: uuidv7(),
        qrId: code.qrId,
        shortCode: code.shortCode,
        scannedAt: `${yesterday}T10:${String(minute++).padStart(2, '0')}:00.000Z`,
        visitorHash: visitor,
        device: 'mobile',
        os: 'iOS',
        browser: isBot ? 'Slackbot' : 'Mobile Safari',
        referrer: null,
        country: 'DE',
        language: 'de',
        isBot,
        botReason: isBot ? 'user-agent' : null,
        ...(route ? { route } : {}),
      };
      return scannedEvent(data, 1);
    };
    // Arm a: three scans by two people; arm b: two scans by two people; rule 1: one; before routing: two (no route); a
    // bot sent down arm a counts only with bots.
    const events = [
      at('p1', null),
      at('p2', null),
      at('a1', 'split a'),
      at('a1', 'split a'),
      at('a2', 'split a'),
      at('b1', 'split b'),
      at('b2', 'split b'),
      at('r1', 'rule 1'),
      at('bot', 'split a', true),
    ];
    await testEvents(app.app).store.appendMany([{ streamId: `scans-${code.qrId}`, events, expectedRevision: 'any' }]);
    await settle();

    const base = `/api/dynamic-qrcodes/${code.qrId}/analytics?from=${yesterday}&to=${yesterday}`;
    const all = await owner.get(base);
    expect(all.body.breakdowns.route).toEqual([
      { value: 'split a', count: 3 },
      { value: 'default', count: 2 },
      { value: 'split b', count: 2 },
      { value: 'rule 1', count: 1 },
    ]);
    expect((await owner.get(`${base}&bots=true`)).body.breakdowns.route[0]).toEqual({ value: 'split a', count: 4 });
    const armA = await owner.get(`${base}&route=${encodeURIComponent('split a')}`);
    expect(armA.status).toBe(200);
    expect(armA.body.filters).toEqual({ route: 'split a' });
    expect(armA.body.totals).toMatchObject({ scans: 3, uniqueVisitors: 2, bots: 1 });
    expect(armA.body.breakdowns.route).toEqual([{ value: 'split a', count: 3 }]);
    const armB = await owner.get(`${base}&route=${encodeURIComponent('split b')}`);
    expect(armB.body.totals).toMatchObject({ scans: 2, uniqueVisitors: 2, bots: 0 });
    const csv = await owner.get(`/api/dynamic-qrcodes/${code.qrId}/analytics.csv?from=${yesterday}&to=${yesterday}&route=default`);
    expect(csv.text).toContain('filter,,route=default,,,,,,');
    expect(csv.text).toContain(`route,${yesterday}..${yesterday},default,2,,,,,`);
  });

  it('filters by the hour of the day like any breakdown (figures, breakdowns, CSV) and refuses an hour that is none', async () => {
    const code = await createCodeByEvents(app.app, { userId, destination: 'https://example.com/hours' });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const at = (hour: string, minute: number, visitor: string, country: string) => {
      const data: Scanned = {
        scanId: uuidv7(),
        qrId: code.qrId,
        shortCode: code.shortCode,
        scannedAt: `${yesterday}T${hour}:${String(minute).padStart(2, '0')}:00.000Z`,
        visitorHash: visitor,
        device: 'mobile',
        os: 'iOS',
        browser: 'Mobile Safari',
        referrer: null,
        country,
        language: 'en',
        isBot: false,
        botReason: null,
      };
      return scannedEvent(data, 1);
    };
    // 09:00 UTC: three scans by two people (DE, DE, FR); 14:00 UTC: two scans (DE).
    const events = [at('09', 1, 'a', 'DE'), at('09', 2, 'a', 'DE'), at('09', 3, 'b', 'FR'), at('14', 1, 'c', 'DE'), at('14', 2, 'd', 'DE')];
    await testEvents(app.app).store.appendMany([{ streamId: `scans-${code.qrId}`, events, expectedRevision: 'any' }]);
    await settle();

    const base = `/api/dynamic-qrcodes/${code.qrId}/analytics`;
    const all = await owner.get(base);
    expect(all.body.breakdowns.hour).toEqual([
      { value: '09', count: 3 },
      { value: '14', count: 2 },
    ]);
    const nine = await owner.get(`${base}?hour=09`);
    expect(nine.status).toBe(200);
    expect(nine.body.filters).toEqual({ hour: '09' });
    expect(nine.body.totals).toMatchObject({ scans: 3, uniqueVisitors: 2 });
    expect(nine.body.breakdowns.hour).toEqual([{ value: '09', count: 3 }]);
    expect(nine.body.breakdowns.country).toEqual([
      { value: 'DE', count: 2 },
      { value: 'FR', count: 1 },
    ]);
    const nineDe = await owner.get(`${base}?hour=09&country=DE`);
    expect(nineDe.body.totals).toMatchObject({ scans: 2, uniqueVisitors: 1 });
    const csv = await owner.get(`${base}.csv?hour=14`);
    expect(csv.text).toContain('filter,,hour=14,,,,,,');
    expect(csv.text).toContain(`daily,${yesterday},,2,2,0,0,0,0`);
    for (const hour of ['24', '9', 'x1']) {
      const refused = await owner.get(`${base}?hour=${hour}`);
      expect([refused.status, refused.body.errors]).toEqual([400, { hour: 'hour must be an hour of the day from 00 to 23' }]);
    }
  });
});
