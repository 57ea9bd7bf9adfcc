/**
 * bench/analytics: 1,000,000 Scanned events (BENCH_SCANS) for one user's 50 codes over the past year, then
 * the median answer time of GET /api/user-analytics and GET /api/dynamic-qrcodes/{id}/analytics (30 days and
 * a year), the same with filters (country, device; issue 17) and the filtered CSV, Chromium's time until the analytics
 * dashboard is interactive, and a full rebuild of the 'analytics' projection in events per second.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { DataSource } from 'typeorm';
import { AnalyticsProjection } from '../../backend/src/analytics/analytics.projection';
import { bootstrap } from '../../backend/src/bootstrap';
import { compareAllPositions, type AllPosition, type NewEvent, type StreamAppend } from '../../backend/src/event-store/event-store';
import type { EventStore } from '../../backend/src/event-store/event-store';
import { EVENT_STORE } from '../../backend/src/event-store/event-store.tokens';
import { ProjectionsService } from '../../backend/src/projections/projections.service';
import { rebuildProjection } from '../../backend/src/projections/rebuild';
import { createCodeByEvents } from '../../backend/src/scans/scan-fixtures';
import type { Scanned } from '../../backend/src/scans/scan.events';
import { uuidv7 } from '../../backend/src/scans/uuid-v7';
import { TestClient } from '../../backend/src/test-support/http';
import { freshDatabase, startRedis } from '../redirect/bench-support';

const SCANS = Number(process.env.BENCH_SCANS ?? 1_000_000);
const CODES = 50;
const BATCH = 5000;
const ROUNDS = 50;
/** `time` (default): events in the order the scans happened, as a live store holds them; `random`: shuffled times. */
const ORDER = process.env.BENCH_ORDER === 'random' ? 'random' : 'time';

const pick = <T>(items: readonly T[], n: number) => items[n % items.length];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const redis = await startRedis();
  const db = await freshDatabase();
  const app = await bootstrap({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.BENCH_LOG ?? 'silent',
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    PORT: '0',
    HOST: '127.0.0.1',
    QRS_NO_INGESTER: '1',
  });
  try {
    const client = new TestClient(app.url!);
    const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
    const registered = await client.post('/api/register', {
      username: email,
      email,
      password: 'secret-password',
      confirmPassword: 'secret-password',
      firstName: '',
      lastName: '',
    });
    if (registered.status !== 200) throw new Error(`register failed: ${registered.status} ${registered.text}`);
    const userId = registered.body.id as string;
    const codes = [];
    for (let i = 0; i < CODES; i++) codes.push(await createCodeByEvents(app.app, { userId, destination: `https://example.com/${i}` }));

    const store = app.app.get<EventStore>(EVENT_STORE);
    const countries = ['US', 'GB', 'DE', 'FR', 'CH', 'IN', 'BR', 'JP', null];
    const devices = ['mobile', 'mobile', 'mobile', 'desktop', 'tablet'];
    const oses = ['iOS', 'Android', 'Windows', 'macOS'];
    const browsers = ['Mobile Safari', 'Chrome', 'Chrome Mobile', 'Firefox', 'Edge'];
    const referrers = [null, null, 'https://www.instagram.com/', 'https://www.google.com/', 'https://t.co/x'];
    const visitors = Array.from({ length: 20_000 }, () => randomBytes(16).toString('base64url'));
    const now = Date.now();
    let fillStarted = Date.now();
    // The position of the newest event written. Not store.headPosition(): that stops below the oldest transaction open
    // anywhere in the PostgreSQL cluster (other people's tests), so "caught up" with it once left the last 9 batches
    // (42,750 people's scans) out of the figures (issue 17).
    let written: AllPosition | null = null;
    for (let done = 0; done < SCANS; done += BATCH) {
      const byStream = new Map<string, NewEvent<Scanned>[]>();
      for (let k = 0; k < Math.min(BATCH, SCANS - done); k++) {
        const n = done + k;
        const code = codes[n % CODES];
        const ago = ORDER === 'random' ? Math.random() * 365 * 86_400_000 : ((SCANS - n) / SCANS) * 365 * 86_400_000;
        const at = new Date(now - Math.floor(ago)).toISOString();
        const scanId = uuidv7();
        const isBot = n % 20 === 0;
        const data: Scanned = {
          scanId,
          qrId: code.qrId,
          shortCode: code.shortCode,
          scannedAt: at,
          visitorHash: pick(visitors, (n * 7919) % visitors.length),
          device: pick(devices, n),
          os: pick(oses, n >> 1),
          browser: pick(browsers, n >> 2),
          referrer: pick(referrers, n >> 3),
          country: pick(countries, n >> 4),
          language: 'en-US',
          isBot,
          botReason: isBot ? 'user-agent' : null,
        };
        const list = byStream.get(`scans-${code.qrId}`) ?? [];
        list.push({
          id: scanId,
          type: 'Scanned',
          data,
          metadata: { tenantId: 1, actorId: 'anonymous', correlationId: scanId, causationId: null, occurredAt: at, schemaVersion: 1 },
        });
        byStream.set(`scans-${code.qrId}`, list);
      }
      const appends: StreamAppend[] = [...byStream].map(([streamId, events]) => ({ streamId, events, expectedRevision: 'any' }));
      for (const result of await store.appendMany(appends))
        if (!written || compareAllPositions(result.position, written) > 0) written = result.position;
      if ((done / BATCH) % 40 === 0) process.stdout.write(`\rfilled ${done + BATCH} / ${SCANS}`);
    }
    const fillSeconds = (Date.now() - fillStarted) / 1000;
    console.log(
      `\nfilled ${SCANS} Scanned events (${ORDER === 'time' ? 'in the order they happened' : 'times shuffled'}) in ` +
        `${fillSeconds.toFixed(1)} s (${(SCANS / fillSeconds).toFixed(0)} events/s)`,
    );
    fillStarted = Date.now();
    // A wait that runs out answers false: the figures below would then be read from a projection still behind.
    if (!(await app.app.get(ProjectionsService).waitFor(written!, ['analytics'], 1_800_000))) throw new Error('analytics never caught up');
    const liveSeconds = (Date.now() - fillStarted) / 1000;
    console.log(`live 'analytics' projection caught up ${liveSeconds.toFixed(1)} s after the fill ended`);

    const time = async (path: string) => {
      const samples: number[] = [];
      let body: unknown;
      for (let i = 0; i < ROUNDS; i++) {
        const started = process.hrtime.bigint();
        const res = await client.get(path);
        samples.push(Number(process.hrtime.bigint() - started) / 1e6);
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
        body = res.body;
      }
      return { median: median(samples), p90: [...samples].sort((a, b) => a - b)[Math.floor(ROUNDS * 0.9)], body };
    };
    const yearAgo = new Date(now - 364 * 86_400_000).toISOString().slice(0, 10);
    const user = await time('/api/user-analytics');
    const code30 = await time(`/api/dynamic-qrcodes/${codes[0].qrId}/analytics`);
    const codeYear = await time(`/api/dynamic-qrcodes/${codes[0].qrId}/analytics?from=${yearAgo}`);
    // With a filter applied (issue 17): every figure and breakdown read from scan_facets, and the previous period beside it.
    const code30De = await time(`/api/dynamic-qrcodes/${codes[0].qrId}/analytics?country=DE`);
    const codeYearDeMobile = await time(`/api/dynamic-qrcodes/${codes[0].qrId}/analytics?from=${yearAgo}&country=DE&device=mobile`);
    const csvYearDe = await time(`/api/dynamic-qrcodes/${codes[0].qrId}/analytics.csv?from=${yearAgo}&country=DE`);
    const overview = (user.body as { overview: { totalScans: number } }).overview;
    // Every 20th scan is a bot: the figures must count every other one, or they were timed on a projection still behind.
    const people = SCANS - Math.ceil(SCANS / 20);
    if (overview.totalScans !== people) throw new Error(`user-analytics counts ${overview.totalScans} scans, not ${people}`);
    console.log(
      `GET /api/user-analytics                       median ${user.median.toFixed(1)} ms  p90 ${user.p90.toFixed(1)} ms  (totalScans ` +
        `${overview.totalScans})`,
    );
    console.log(`GET /api/dynamic-qrcodes/{id}/analytics (30 d)  median ${code30.median.toFixed(1)} ms  p90 ${code30.p90.toFixed(1)} ms`);
    console.log(
      `GET /api/dynamic-qrcodes/{id}/analytics (1 y)   median ${codeYear.median.toFixed(1)} ms  p90 ${codeYear.p90.toFixed(1)} ms`,
    );

    const line = (label: string, t: { median: number; p90: number }) =>
      console.log(`${label.padEnd(62)} median ${t.median.toFixed(1)} ms  p90 ${t.p90.toFixed(1)} ms  (target median < 50 ms)`);
    line('GET /api/dynamic-qrcodes/{id}/analytics?country=DE (30 d)', code30De);
    line('GET /api/dynamic-qrcodes/{id}/analytics?country=DE&device=mobile (1 y)', codeYearDeMobile);
    line('GET /api/dynamic-qrcodes/{id}/analytics.csv?country=DE (1 y)', csvYearDe);
    await timeToInteractive(app.url!, client);

    const started = Date.now();
    const rebuilt = await rebuildProjection(app.app.get(AnalyticsProjection), store, app.app.get(DataSource));
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `rebuild analytics: ${rebuilt.events} events in ${seconds.toFixed(1)} s = ${(rebuilt.events / seconds).toFixed(0)} events/s ` +
        `(target >= 20000)`,
    );
    const after = await time('/api/user-analytics');
    console.log(`after rebuild: user-analytics identical: ${JSON.stringify(after.body) === JSON.stringify(user.body)}`);
    const afterFiltered = await time(`/api/dynamic-qrcodes/${codes[0].qrId}/analytics?from=${yearAgo}&country=DE&device=mobile`);
    console.log(
      `after rebuild: filtered code analytics identical: ${JSON.stringify(afterFiltered.body) === JSON.stringify(codeYearDeMobile.body)}`,
    );
  } finally {
    await app.close();
    await redis.destroy();
    await db.drop();
  }
}

/**
 * Chromium on loopback: from navigation to /dashboard/analytics until the figures are on screen and the first code's
 * link answers a click (the page is interactive). Needs frontend/dist (npm run build -w frontend); skipped without it.
 */
async function timeToInteractive(baseUrl: string, client: TestClient): Promise<void> {
  if (!existsSync(resolve(__dirname, '../../frontend/dist/index.html'))) {
    console.log('time to interactive: skipped (no frontend/dist; run npm run build -w frontend)');
    return;
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless'],
  });
  try {
    const samples: number[] = [];
    for (let round = 0; round < 7; round++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: baseUrl })));
      const page = await context.newPage();
      const started = Date.now();
      await page.goto(`${baseUrl}/dashboard/analytics`);
      await page.getByTestId('analytics-totalScans').waitFor({ timeout: 60_000 });
      await page.getByTestId('top-dynamic').getByRole('link').first().click({ trial: true });
      samples.push(Date.now() - started);
      await context.close();
    }
    // The first load also fills the server's and the OS's caches: the median of the rest is what a returning user sees.
    console.log(
      `Chromium time to interactive of /dashboard/analytics: first ${samples[0]} ms, median of the next ${samples.length - 1} ` +
        `${median(samples.slice(1))} ms`,
    );
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
