/**
 * bench/analytics: 1,000,000 Scanned events (BENCH_SCANS) for one user's 50 codes over the past year, then
 * the median answer time of GET /api/user-analytics and GET /api/dynamic-qrcodes/{id}/analytics (30 days and
 * a year), the same with filters (country, device; issue 17) and the filtered CSV, Chromium's time until the analytics
 * dashboard is interactive, and a full rebuild of the 'analytics' projection in events per second.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { chromium } from 'playwright-core';
import { DataSource } from 'typeorm';
import { AnalyticsProjection } from '../../backend/src/analytics/analytics.projection';
import { bootstrap } from '../../backend/src/bootstrap';
import { compareAllPositions, type AllPosition, type NewEvent, type StreamAppend } from '../../backend/src/event-store/event-store';
import type { EventStore } from '../../backend/src/event-store/event-store';
import { EVENT_STORE } from '../../backend/src/event-store/event-store.tokens';
import { ProjectionsService } from '../../backend/src/projections/projections.service';
import { rebuildProjection } from '../../backend/src/projections/rebuild';
import { createCodeByEvents, type FixtureCode } from '../../backend/src/scans/scan-fixtures';
import type { Scanned } from '../../backend/src/scans/scan.events';
import { uuidv7 } from '../../backend/src/scans/uuid-v7';
import { TestClient } from '../../backend/src/test-support/http';
import { AnalyticsService } from '../../backend/src/analytics/analytics.service';
import { PublicTotalsService } from '../../backend/src/analytics/public-totals.service';
import { scansPerCodeSql } from '../../backend/src/analytics/scans-sql';
import { freshDatabase, startRedis } from '../redirect/bench-support';
import { seedReadModel } from './seed-sql';

const SCANS = Number(process.env.BENCH_SCANS ?? 1_000_000);
const CODES = 50;
const BATCH = 5000;
const ROUNDS = 50;
/** `time` (default): events in the order the scans happened, as a live store holds them; `random`: shuffled times. */
const ORDER = process.env.BENCH_ORDER === 'random' ? 'random' : 'time';
/**
 * `events` (default): Scanned events appended and projected live (what the projection and rebuild figures need);
 * `sql`: the read model written with SQL (seed-sql.ts), for the reads at 10^7 scans. No events then, so no rebuild.
 */
const SEED = process.env.BENCH_SEED === 'sql' ? 'sql' : 'events';
const VISITORS = 20_000;
/** Every read's target (issue 31): median under 50 ms. */
const TARGET_MS = 50;

const pick = <T>(items: readonly T[], n: number) => items[n % items.length];
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)];
const p95 = (values: number[]) => sorted(values)[Math.min(values.length - 1, Math.floor(values.length * 0.95))];

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
    const dataSource = app.app.get(DataSource);
    const now = Date.now();
    if (SEED === 'sql') {
      const started = Date.now();
      const [{ client_id: tenantId }] = (await dataSource.query('SELECT client_id FROM analytics_codes WHERE qr_id = $1', [
        codes[0].qrId,
      ])) as { client_id: number }[];
      await seedReadModel(db.url, { scans: SCANS, qrIds: codes.map((code) => code.qrId), tenantId, now, visitors: VISITORS });
      const [seeded] = (await dataSource.query(
        `SELECT pg_size_pretty(pg_database_size(current_database())) AS size, (SELECT count(*) FROM scan_facets)::int AS facets,
           (SELECT count(*) FROM scan_breakdowns)::int AS breakdowns`,
      )) as { size: string; facets: number; breakdowns: number }[];
      console.log(
        `seeded the read model of ${SCANS} scans with SQL, no events, in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
          `${seeded.facets} scan_facets rows, ${seeded.breakdowns} scan_breakdowns rows, database ${seeded.size}`,
      );
    } else await fillByEvents(app.app, store, codes, now);

    const results: { label: string; median: number; p95: number }[] = [];
    /** ROUNDS runs of one read, one at a time: median and p95 printed, the last answer returned. */
    const measure = async <T>(label: string, read: () => Promise<T>): Promise<T> => {
      const samples: number[] = [];
      let answer: T | undefined;
      for (let i = 0; i < ROUNDS; i++) {
        const started = process.hrtime.bigint();
        answer = await read();
        samples.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      const result = { label, median: median(samples), p95: p95(samples) };
      results.push(result);
      console.log(
        `${label.padEnd(74)} median ${result.median.toFixed(1).padStart(6)} ms  p95 ${result.p95.toFixed(1).padStart(6)} ms` +
          `${result.median < TARGET_MS ? '' : `  OVER the ${TARGET_MS} ms target`}`,
      );
      return answer!;
    };
    const get = (path: string) => async () => {
      const res = await client.get(path);
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
      return res.body as unknown;
    };
    const day = (daysAgo: number) => new Date(now - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const yearAgo = day(364);
    const weekAgo = day(6);
    const code = `/api/dynamic-qrcodes/${codes[0].qrId}`;
    console.log(`${ROUNDS} runs of each read (load ${loadavg()}):`);

    // The signed-in dashboard's overview (per user, every code of theirs).
    const user = (await measure('GET /api/user-analytics (overview)', get('/api/user-analytics'))) as UserAnswer;
    // Every 20th scan is a bot: the figures must count every other one, or they were timed on a projection still behind.
    const people = SCANS - Math.ceil(SCANS / 20);
    if (user.overview.totalScans !== people) throw new Error(`user-analytics counts ${user.overview.totalScans} scans, not ${people}`);
    // The code page (per code) over 7 days, 30 days (the default) and a year, with bots counted too.
    await measure('GET {code}/analytics (7 d)', get(`${code}/analytics?from=${weekAgo}`));
    await measure('GET {code}/analytics (30 d)', get(`${code}/analytics`));
    await measure('GET {code}/analytics (1 y)', get(`${code}/analytics?from=${yearAgo}`));
    await measure('GET {code}/analytics?bots=true (1 y)', get(`${code}/analytics?from=${yearAgo}&bots=true`));
    // Filters (issue 17): every figure and breakdown from scan_facets, and the previous period beside it.
    await measure('GET {code}/analytics?country=DE (7 d)', get(`${code}/analytics?from=${weekAgo}&country=DE`));
    await measure('GET {code}/analytics?country=DE (30 d)', get(`${code}/analytics?country=DE`));
    await measure('GET {code}/analytics?country=DE (1 y)', get(`${code}/analytics?from=${yearAgo}&country=DE`));
    const filtered = await measure(
      'GET {code}/analytics?country=DE&device=mobile (1 y)',
      get(`${code}/analytics?from=${yearAgo}&country=DE&device=mobile`),
    );
    await measure('GET {code}/analytics?device=mobile (1 y)', get(`${code}/analytics?from=${yearAgo}&device=mobile`));
    await measure('GET {code}/analytics?hour=12&bots=true (1 y)', get(`${code}/analytics?from=${yearAgo}&hour=12&bots=true`));
    await measure('GET {code}/analytics?referrer=t.co&os=iOS (30 d)', get(`${code}/analytics?referrer=t.co&os=iOS`));
    await measure('GET {code}/analytics.csv?country=DE (1 y)', async () => {
      const res = await client.get(`${code}/analytics.csv?from=${yearAgo}&country=DE`);
      if (res.status !== 200) throw new Error(`csv: ${res.status} ${res.text}`);
    });
    // A share link's public page: the same answer, for whoever holds the token.
    const shared = await client.post(`${code}/share-links`, {});
    if (shared.status !== 201) throw new Error(`share link: ${shared.status} ${shared.text}`);
    const anonymous = new TestClient(app.url!);
    await measure('GET /api/shared-analytics/{token} (1 y)', async () => {
      const res = await anonymous.get(`/api/shared-analytics/${shared.body.token as string}?from=${yearAgo}`);
      if (res.status !== 200) throw new Error(`shared: ${res.status} ${res.text}`);
    });
    // Reads other screens make of analytics' tables (per tenant and across tenants), timed as the service calls them.
    const analytics = app.app.get(AnalyticsService);
    await measure("console home: scans today, one tenant's", () => analytics.scansToday(1));
    await measure('console home: scans today, every tenant', () => analytics.scansToday(null));
    await measure('public totals of a tenant', () => app.app.get(PublicTotalsService).totals(1));
    await measure("campaign audience: scans per code, a tenant's last 7 days", () => dataSource.query(scansPerCodeSql('$1', 7), [1]));
    const over = results.filter((result) => result.median >= TARGET_MS);
    console.log(
      over.length
        ? `OVER the ${TARGET_MS} ms median target: ${over.map((result) => result.label).join('; ')}`
        : `every read's median under ${TARGET_MS} ms at ${SCANS} scans`,
    );
    if (SEED === 'sql') return;
    await timeToInteractive(app.url!, client);

    const started = Date.now();
    const rebuilt = await rebuildProjection(app.app.get(AnalyticsProjection), store, app.app.get(DataSource));
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `rebuild analytics: ${rebuilt.events} events in ${seconds.toFixed(1)} s = ${(rebuilt.events / seconds).toFixed(0)} events/s ` +
        `(target >= 20000)`,
    );
    const after = await get('/api/user-analytics')();
    console.log(`after rebuild: user-analytics identical: ${JSON.stringify(after) === JSON.stringify(user)}`);
    const afterFiltered = await get(`${code}/analytics?from=${yearAgo}&country=DE&device=mobile`)();
    console.log(`after rebuild: filtered code analytics identical: ${JSON.stringify(afterFiltered) === JSON.stringify(filtered)}`);
  } finally {
    await app.close();
    await redis.destroy();
    await db.drop();
  }
}

type UserAnswer = { overview: { totalScans: number } };
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/**
 * BENCH_SEED=events: SCANS Scanned events for the codes, appended in batches as a live store holds them, then the wait
 * until the live 'analytics' projection has folded them all.
 */
async function fillByEvents(app: INestApplicationContext, store: EventStore, codes: FixtureCode[], now: number): Promise<void> {
  const countries = ['US', 'GB', 'DE', 'FR', 'CH', 'IN', 'BR', 'JP', null];
  const devices = ['mobile', 'mobile', 'mobile', 'desktop', 'tablet'];
  const oses = ['iOS', 'Android', 'Windows', 'macOS'];
  const browsers = ['Mobile Safari', 'Chrome', 'Chrome Mobile', 'Firefox', 'Edge'];
  const referrers = [null, null, 'https://www.instagram.com/', 'https://www.google.com/', 'https://t.co/x'];
  const visitors = Array.from({ length: VISITORS }, () => randomBytes(16).toString('base64url'));
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
  if (!(await app.get(ProjectionsService).waitFor(written!, ['analytics'], 1_800_000))) throw new Error('analytics never caught up');
  const liveSeconds = (Date.now() - fillStarted) / 1000;
  console.log(`live 'analytics' projection caught up ${liveSeconds.toFixed(1)} s after the fill ended`);
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
