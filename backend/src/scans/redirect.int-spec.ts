import Redis from 'ioredis';
import { REDIS } from '../redis/redis.module';
import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { BROWSER_UA, changeCodeByEvent, createCodeByEvents, waitForEvents } from './scan-fixtures';
import { letTimePass, until } from '../test-support/until';
import { ScanKeys, SCAN_KEYS } from './scan-keys';
import { ScanTargetCache } from './scan-target-cache';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { EventStore } from '../event-store/event-store';
import { enrichScan } from './scan-enrich';
import { scannedEvent } from './scan-recorder';
import { RawScan, rawScanToFields, SCAN_EVENTS } from './scan.events';
import { uuidv7 } from './uuid-v7';

describe('GET /d/{shortCode}', () => {
  let app: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    app = await startTestApp({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8', COUNTRY_HEADER: 'cf-ipcountry' });
    client = new TestClient(app.url);
  });
  afterAll(() => app.close());

  const scan = (code: string, headers: Record<string, string> = {}, method = 'GET') =>
    client.request(method, `/d/${code}`, { headers: { 'user-agent': BROWSER_UA, ...headers } });

  it('redirects a URL code with 302, records the scan, and the ingester stores one enriched Scanned event', async () => {
    const code = await createCodeByEvents(app.app, { destination: 'https://example.com/menu?table=4' });
    const res = await scan(code.shortCode, {
      'x-forwarded-for': '81.2.69.142, 10.0.0.1',
      referer: 'https://news.example.org/story',
      'accept-language': 'de-CH,de;q=0.9',
    });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('https://example.com/menu?table=4');
    expect(res.headers['cache-control']).toBe('no-store');

    const [event] = await waitForEvents(app.app, `scans-${code.qrId}`, 1);
    expect(event.type).toBe('Scanned');
    if (!SCAN_EVENTS.has(event)) throw new Error(`${event.type} is not a scan`);
    const { data } = event;
    expect(event.id).toBe(data.scanId);
    expect(data.scanId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/);
    expect(event.metadata.tenantId).toBe(1);
    expect(data).toMatchObject({
      qrId: code.qrId,
      shortCode: code.shortCode,
      device: 'mobile',
      os: 'iOS',
      browser: 'Mobile Safari',
      country: 'GB',
      language: 'de-CH',
      referrer: 'https://news.example.org/story',
      isBot: false,
      botReason: null,
    });
    expect(data.visitorHash).toHaveLength(22);
    expect(JSON.stringify({ data: event.data, metadata: event.metadata })).not.toContain('81.2.69');
  });

  it('the next scan after a destination change goes to the new destination', async () => {
    const code = await createCodeByEvents(app.app, { destination: 'https://old.example.com/' });
    expect((await scan(code.shortCode)).headers.location).toBe('https://old.example.com/');
    await changeCodeByEvent(app.app, code.qrId, 'QrDestinationChanged', {
      before: 'https://old.example.com/',
      after: 'https://new.example.com/',
    });
    expect((await scan(code.shortCode)).headers.location).toBe('https://new.example.com/');
  });

  it('an invalidation published by another process drops the cached entry', async () => {
    const code = await createCodeByEvents(app.app);
    await scan(code.shortCode);
    const cache = app.app.get(ScanTargetCache);
    expect(cache.peek(code.shortCode, Date.now())).toBeTruthy();
    const keys = app.app.get<ScanKeys>(SCAN_KEYS);
    await app.app.get<Redis>(REDIS).publish(keys.invalidations, JSON.stringify({ qrIds: [code.qrId], shortCodes: [] }));
    await until(async () => cache.peek(code.shortCode, Date.now()) === undefined, 'the invalidation heard', 2000);
    expect(cache.peek(code.shortCode, Date.now())).toBeUndefined();
  });

  it('a paused code shows the paused page and counts nothing; resumed, it redirects again', async () => {
    const code = await createCodeByEvents(app.app);
    await changeCodeByEvent(app.app, code.qrId, 'QrPaused');
    const paused = await scan(code.shortCode);
    expect(paused.status).toBe(200);
    expect(paused.headers.location).toBeUndefined();
    expect(paused.text).toContain('This QR code is paused');
    await changeCodeByEvent(app.app, code.qrId, 'QrResumed');
    expect((await scan(code.shortCode)).status).toBe(302);
    await waitForEvents(app.app, `scans-${code.qrId}`, 1);
    // An absence cannot be polled for: this pause is the window in which a counted paused scan would have arrived.
    await letTimePass(300, 'the window in which a counted paused scan would have arrived');
    expect(await waitForEvents(app.app, `scans-${code.qrId}`, 2, 0)).toHaveLength(1);
  });

  it('deleted and unknown codes get the 404 page', async () => {
    const code = await createCodeByEvents(app.app);
    await changeCodeByEvent(app.app, code.qrId, 'QrDeleted');
    const deleted = await scan(code.shortCode);
    expect(deleted.status).toBe(404);
    expect(deleted.text).toContain('QR code not found');
    expect((await scan('nosuchcode')).status).toBe(404);
    expect((await scan('bad%20code')).status).toBe(404);
    expect((await scan('x'.repeat(21))).status).toBe(404);
  });

  it('never redirects to anything but http or https', async () => {
    const code = await createCodeByEvents(app.app, { destination: 'javascript:alert(1)' });
    const res = await scan(code.shortCode);
    expect(res.status).toBe(404);
    expect(res.headers.location).toBeUndefined();
  });

  it('a non-URL dynamic code serves its hosted page and counts the scan', async () => {
    const code = await createCodeByEvents(app.app, {
      qrType: 'contact',
      destination: null,
      fields: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    });
    const res = await scan(code.shortCode);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.text).toContain('Lovelace');
    // The codes feature's hosted page, branded with the code's tenant, with no script allowed.
    expect(res.text).toContain('QR Code Sharks');
    expect(res.text).toMatch(/BEGIN%3AVCARD|\.vcf|text\/vcard/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(await waitForEvents(app.app, `scans-${code.qrId}`, 1)).toHaveLength(1);
  });

  it('HEAD requests and link-preview bots are redirected but recorded as bots', async () => {
    const code = await createCodeByEvents(app.app);
    expect((await scan(code.shortCode, {}, 'HEAD')).status).toBe(302);
    expect((await scan(code.shortCode, { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' })).status).toBe(302);
    expect((await scan(code.shortCode, { 'user-agent': '' })).status).toBe(302);
    const events = await waitForEvents(app.app, `scans-${code.qrId}`, 3);
    expect(events.map((event) => (SCAN_EVENTS.has(event) ? event.data.botReason : event.type)).sort()).toEqual([
      'head-request',
      'no-user-agent',
      'user-agent',
    ]);
    expect(events.every((event) => SCAN_EVENTS.has(event) && event.data.isBot)).toBe(true);
  });

  it('stores each scan once when Redis hands the ingester scans the API already stored itself', async () => {
    const code = await createCodeByEvents(app.app);
    const store = app.app.get<EventStore>(EVENT_STORE);
    const raws: RawScan[] = Array.from({ length: 60 }, (_, i) => ({
      id: uuidv7(Date.now() + i),
      qrId: code.qrId,
      tenantId: 1,
      shortCode: code.shortCode,
      at: Date.now(),
      visitor: `v${i}`,
      ua: BROWSER_UA,
      referrer: '',
      language: 'en',
      ip: '10.1.2.3',
      countryHeader: '',
      head: false,
    }));
    // Scans 20 to 34 went straight to the event store (Redis timed out), yet Redis took them after all.
    for (const raw of raws.slice(20, 35))
      await store.append(`scans-${code.qrId}`, [scannedEvent(enrichScan(raw), 1)], { expectedRevision: 'any' });
    const redis = app.app.get<Redis>(REDIS);
    const keys = app.app.get<ScanKeys>(SCAN_KEYS);
    const multi = redis.multi();
    for (const raw of raws) multi.xadd(keys.stream, '*', ...rawScanToFields(raw));
    await multi.exec();

    await waitForEvents(app.app, `scans-${code.qrId}`, 60);
    await until(async () => (await redis.xlen(keys.stream)) === 0, 'the scan stream emptied', 5000);
    expect(await redis.xlen(keys.stream)).toBe(0);
    const events = await waitForEvents(app.app, `scans-${code.qrId}`, 60);
    expect(events).toHaveLength(60);
    expect(new Set(events.map((event) => event.id))).toEqual(new Set(raws.map((raw) => raw.id)));
  });
});
