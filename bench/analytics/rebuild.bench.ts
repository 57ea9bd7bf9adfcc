/**
 * bench/analytics/rebuild.bench.ts: a rebuild of the 'analytics' projection alone, in events per second, on a store
 * filled with deterministic Scanned events (the same tables every run), and the tables' checksums after each rebuild.
 * BENCH_BASELINE=/path/to/another/checkout alternates its rebuild (its rebuild.ts, runner and projection) with ours on
 * the same store in one process, so that a before/after is measured at the same load.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Pool } from 'pg';
import { createDataSource } from '../../backend/src/database/data-source';
import type { NewEvent, StreamAppend } from '../../backend/src/event-store/event-store';
import { PostgresEventStore } from '../../backend/src/event-store/postgres-event-store';
import { uuidv7 } from '../../backend/src/scans/uuid-v7';
import { freshDatabase } from '../redirect/bench-support';

const SCANS = Number(process.env.BENCH_SCANS ?? 200_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CODES = 50;
const pick = <T>(list: T[], n: number) => list[n % list.length];
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

interface Version {
  name: string;
  rebuildProjection: typeof import('../../backend/src/projections/rebuild').rebuildProjection;
  projection: import('../../backend/src/projections/projection').Projection;
  tables: readonly string[];
}

async function version(name: string, root: string): Promise<Version> {
  const rebuild = (await import(
    resolve(root, 'backend/src/projections/rebuild')
  )) as typeof import('../../backend/src/projections/rebuild');
  const analytics = (await import(
    resolve(root, 'backend/src/analytics/analytics.projection')
  )) as typeof import('../../backend/src/analytics/analytics.projection');
  // The projection registers itself with the projections service in a running app; here it is only rebuilt.
  const projection = new analytics.AnalyticsProjection({ register: () => undefined } as never);
  return { name, rebuildProjection: rebuild.rebuildProjection, projection, tables: analytics.ANALYTICS_TABLES };
}

async function main() {
  const versions = [await version('ours', resolve(__dirname, '../..'))];
  if (process.env.BENCH_BASELINE) versions.unshift(await version('baseline', process.env.BENCH_BASELINE));
  const db = await freshDatabase();
  const pool = new Pool({ connectionString: db.url, max: 4 });
  pool.on('error', () => undefined);
  const store = new PostgresEventStore(pool, { connectionString: db.url });
  const dataSource = createDataSource(db.url, { poolSize: 4 });
  await dataSource.initialize();
  try {
    const codes = Array.from({ length: CODES }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const countries = ['US', 'GB', 'DE', 'FR', 'CH', 'IN', 'BR', 'JP', null];
    const devices = ['mobile', 'mobile', 'mobile', 'desktop', 'tablet'];
    const oses = ['iOS', 'Android', 'Windows', 'macOS'];
    const browsers = ['Mobile Safari', 'Chrome', 'Chrome Mobile', 'Firefox', 'Edge'];
    const referrers = [null, null, 'https://www.instagram.com/', 'https://www.google.com/', 'https://t.co/x'];
    const visitors = Array.from({ length: 20_000 }, (_, i) => createHash('sha256').update(String(i)).digest('base64url').slice(0, 22));
    const now = Date.parse('2026-11-27T12:00:00Z');
    const metadata = (at: string, id: string) => ({
      tenantId: 1,
      actorId: 'anonymous',
      correlationId: id,
      causationId: null,
      occurredAt: at,
      schemaVersion: 1,
    });
    for (const [i, qrId] of codes.entries())
      await store.append(
        `qr-${qrId}`,
        [
          {
            id: uuidv7(),
            type: 'QrCreated',
            data: { qrId, userId: 'bench', mode: 'dynamic', qrType: 'url', shortCode: `c${i}`, destination: 'https://example.com/' },
            metadata: metadata('2025-01-01T00:00:00.000Z', qrId),
          },
        ],
        { expectedRevision: 'no_stream' },
      );
    const filled = Date.now();
    for (let done = 0; done < SCANS; done += 5000) {
      const byStream = new Map<string, NewEvent[]>();
      for (let n = done; n < Math.min(done + 5000, SCANS); n++) {
        const qrId = codes[n % CODES];
        const at = new Date(now - Math.floor(((SCANS - n) / SCANS) * 365 * 86_400_000)).toISOString();
        const id = uuidv7();
        const isBot = n % 20 === 0;
        const data = {
          scanId: id,
          qrId,
          shortCode: 'x',
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
          ...(n % 7 === 0 ? { route: 'rule-1' } : {}),
        };
        const list = byStream.get(`scans-${qrId}`) ?? [];
        list.push({ id, type: 'Scanned', data, metadata: metadata(at, id) });
        byStream.set(`scans-${qrId}`, list);
      }
      await store.appendMany([...byStream].map(([streamId, events]): StreamAppend => ({ streamId, events, expectedRevision: 'any' })));
    }
    console.log(
      `bench/analytics rebuild: ${SCANS} Scanned events of ${CODES} codes over a year, filled in ${(Date.now() - filled) / 1000} s`,
    );
    const rates = new Map<string, number[]>(versions.map((v) => [v.name, []]));
    const sums = new Set<string>();
    for (let round = 0; round < ROUNDS; round++)
      for (const v of versions) {
        const started = performance.now();
        const { events } = await v.rebuildProjection(v.projection, store, dataSource);
        const seconds = (performance.now() - started) / 1000;
        rates.get(v.name)!.push(events / seconds);
        let sum = '';
        for (const table of v.tables) {
          const [{ h, n }] = (await dataSource.query(
            `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h, count(*)::int AS n FROM ${table} t`,
          )) as { h: string; n: number }[];
          sum += `${table}=${n}:${h.slice(0, 8)} `;
        }
        sums.add(sum);
        console.log(
          `${v.name.padEnd(8)} ${events} events in ${seconds.toFixed(2)} s = ${(events / seconds).toFixed(0).padStart(7)} events/s ` +
            `(loadavg ${loadavg()})`,
        );
        console.log(`         ${sum}`);
      }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
    for (const [name, list] of rates) console.log(`${name}: median ${median(list).toFixed(0)} events/s over ${list.length} rebuilds`);
    if (versions.length > 1)
      console.log(`ours / baseline: ${(median(rates.get('ours')!) / median(rates.get('baseline')!)).toFixed(2)}x (medians, same run)`);
    console.log(`tables after every rebuild: ${sums.size === 1 ? 'identical' : 'DIFFERENT'}`);
    if (sums.size !== 1) process.exitCode = 1;
  } finally {
    await dataSource.destroy();
    await store.close();
    await pool.end();
    await db.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
