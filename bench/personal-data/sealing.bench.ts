/**
 * bench/personal-data: what sealing personal data in events (issue 32) costs appends, the scan path and rebuilds.
 * The same deterministic events (accounts, their codes with names and destinations, scans) go into two fresh
 * databases, one through the bare PostgreSQL store (before issue 32) and one through PersonalDataEventStore (now),
 * batch by batch alternating, then the `codes` and `analytics` projections are rebuilt on each, alternating, so both
 * meet the same load in one run; the rebuilt tables of the two must be identical.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import '../../backend/src/accounts/model/user.events';
import { AnalyticsProjection } from '../../backend/src/analytics/analytics.projection';
import '../../backend/src/codes/model/qr-code.events';
import { DEFAULT_STORED_STYLE } from '../../backend/src/codes';
import { CodesProjection } from '../../backend/src/codes/read-model/codes.projection';
import { createDataSource } from '../../backend/src/database/data-source';
import type { EventStore, NewEvent, StreamAppend } from '../../backend/src/event-store/event-store';
import { PersonalDataEventStore } from '../../backend/src/event-store/personal-data/personal-data-event-store';
import { PersonalDataKeys } from '../../backend/src/event-store/personal-data/personal-data-keys';
import { PostgresEventStore } from '../../backend/src/event-store/postgres-event-store';
import type { Projection } from '../../backend/src/projections/projection';
import { rebuildProjection } from '../../backend/src/projections/rebuild';
import { freshDatabase } from '../redirect/bench-support';

const USERS = Number(process.env.BENCH_USERS ?? 1000);
const CODES_PER_USER = Number(process.env.BENCH_CODES_PER_USER ?? 5);
const SCANS = Number(process.env.BENCH_SCANS ?? 200_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const uuid = (kind: number, n: number) => `00000000-0000-4000-${8000 + kind}-${String(n).padStart(12, '0')}`;

const metadata = (at: number, actorId: string, id: string) => ({
  tenantId: 1,
  actorId,
  correlationId: id,
  causationId: null,
  occurredAt: new Date(at).toISOString(),
  schemaVersion: 1,
});

/** One account's life: registered, its codes created, renamed and pointed elsewhere (each event personal data). */
function accountBatch(u: number, start: number): StreamAppend[] {
  const userId = uuid(1, u);
  const appends: StreamAppend[] = [
    {
      streamId: `user-${userId}`,
      expectedRevision: 'no_stream',
      events: [
        {
          id: uuid(2, u),
          type: 'UserRegistered',
          data: {
            userId,
            clientId: 1,
            username: `person${u}`,
            email: `person${u}@example.com`,
            firstName: `First${u}`,
            lastName: `Last${u}`,
            passwordHash: null,
          },
          metadata: metadata(start, userId, uuid(2, u)),
        },
      ],
    },
  ];
  for (let c = 0; c < CODES_PER_USER; c++) {
    const n = u * CODES_PER_USER + c;
    const qrId = uuid(3, n);
    const url = `https://shop${u}.example.com/table/${c}`;
    const event = (k: number, type: string, data: Record<string, unknown>): NewEvent => ({
      id: uuid(4 + k, n),
      type,
      data,
      metadata: metadata(start + (k + 1) * 60_000, userId, qrId),
    });
    appends.push({
      streamId: `qr-${qrId}`,
      expectedRevision: 'no_stream',
      events: [
        event(0, 'QrCreated', {
          qrId,
          userId,
          mode: 'dynamic',
          qrType: 'url',
          shortCode: `s${String(n).padStart(7, '0')}`,
          destination: url,
          fields: { url },
          style: { ...DEFAULT_STORED_STYLE, enableFrame: true, frameText: `Table ${c} of ${u}` },
          errorCorrectionLevel: 'M',
          logoFileName: null,
          logoFilePath: null,
        }),
        event(1, 'QrRenamed', { qrId, before: null, after: `Table ${c} at shop ${u}` }),
        event(2, 'QrDestinationChanged', { qrId, before: url, after: `${url}?menu=winter` }),
      ],
    });
  }
  return appends;
}

/** Scans spread over the codes and a year (Scanned is not sealed: it passes the wrapper with one map lookup). */
function scanBatch(from: number, to: number, now: number): StreamAppend[] {
  const codes = USERS * CODES_PER_USER;
  const byStream = new Map<string, NewEvent[]>();
  for (let n = from; n < to; n++) {
    const qrId = uuid(3, (n * 7919) % codes);
    const at = now - Math.floor(((SCANS - n) / SCANS) * 365 * 86_400_000);
    const id = uuid(9, n);
    const isBot = n % 20 === 0;
    const list = byStream.get(`scans-${qrId}`) ?? [];
    list.push({
      id,
      type: 'Scanned',
      data: {
        scanId: id,
        qrId,
        shortCode: 'x',
        scannedAt: new Date(at).toISOString(),
        visitorHash: `v${n % 20_000}`,
        device: n % 3 ? 'mobile' : 'desktop',
        os: n % 2 ? 'iOS' : 'Android',
        browser: 'Chrome',
        referrer: null,
        country: n % 4 ? 'DE' : 'US',
        language: 'en-US',
        isBot,
        botReason: isBot ? 'user-agent' : null,
      },
      metadata: metadata(at, 'anonymous', id),
    });
    byStream.set(`scans-${qrId}`, list);
  }
  return [...byStream].map(([streamId, events]) => ({ streamId, events, expectedRevision: 'any' }));
}

interface Side {
  name: 'bare' | 'sealed';
  db: Awaited<ReturnType<typeof freshDatabase>>;
  pool: Pool;
  store: EventStore;
  dataSource: DataSource;
  close(): Promise<void>;
}

async function side(name: Side['name'], secret: string): Promise<Side> {
  const db = await freshDatabase();
  const pool = new Pool({ connectionString: db.url, max: 4 });
  pool.on('error', () => undefined);
  const raw = new PostgresEventStore(pool, { connectionString: db.url });
  const store = name === 'sealed' ? new PersonalDataEventStore(raw, new PersonalDataKeys(pool, secret)) : raw;
  const dataSource = createDataSource(db.url, { poolSize: 4 });
  await dataSource.initialize();
  return {
    name,
    db,
    pool,
    store,
    dataSource,
    close: async () => {
      await dataSource.destroy();
      await raw.close();
      await pool.end();
      await db.drop();
    },
  };
}

async function tableSums(dataSource: DataSource, tables: readonly string[]): Promise<string> {
  let sum = '';
  for (const table of tables) {
    const [{ h, n }] = (await dataSource.query(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h, count(*)::int AS n FROM ${table} t`,
    )) as { h: string; n: number }[];
    sum += `${table}=${n}:${h.slice(0, 8)} `;
  }
  return sum;
}

async function main() {
  const secret = randomBytes(32).toString('hex');
  const sides = [await side('bare', secret), await side('sealed', secret)];
  try {
    console.log(
      `bench/personal-data: ${USERS} accounts x ${CODES_PER_USER} codes (UserRegistered, QrCreated, QrRenamed, ` +
        `QrDestinationChanged: all sealed on the sealed side), ${SCANS} Scanned; loadavg ${loadavg()}`,
    );
    // Appends, alternating batch by batch: 50 accounts (with their codes' events) a batch, then scans 5,000 a batch.
    const seconds = { bare: { personal: 0, scans: 0 }, sealed: { personal: 0, scans: 0 } };
    const start = Date.parse('2025-06-01T00:00:00Z');
    let personalEvents = 0;
    for (let u = 0; u < USERS; u += 50) {
      const batch = Array.from({ length: Math.min(50, USERS - u) }, (_, i) => accountBatch(u + i, start + (u + i) * 600_000)).flat();
      personalEvents += batch.reduce((sum, append) => sum + append.events.length, 0);
      for (const s of sides) {
        const t = performance.now();
        await s.store.appendMany(batch);
        seconds[s.name].personal += (performance.now() - t) / 1000;
      }
    }
    const now = Date.parse('2026-11-27T12:00:00Z');
    for (let n = 0; n < SCANS; n += 5000) {
      const batch = scanBatch(n, Math.min(n + 5000, SCANS), now);
      for (const s of sides) {
        const t = performance.now();
        await s.store.appendMany(batch);
        seconds[s.name].scans += (performance.now() - t) / 1000;
      }
    }
    for (const kind of ['personal', 'scans'] as const) {
      const count = kind === 'personal' ? personalEvents : SCANS;
      const [bare, sealed] = [count / seconds.bare[kind], count / seconds.sealed[kind]];
      console.log(
        `append ${kind === 'personal' ? 'account and code events' : 'Scanned (the ingester path)'}: ${count} events, ` +
          `bare ${bare.toFixed(0)}/s, sealed ${sealed.toFixed(0)}/s = ${((100 * sealed) / bare).toFixed(0)}% of bare`,
      );
    }
    const keyRows = (await sides[1].pool.query('SELECT count(*)::int AS n FROM personal_data_keys')).rows[0].n;
    const plainLeft = (
      await sides[1].pool.query(`SELECT count(*)::int AS n FROM events WHERE data::text LIKE '%@example.com%' OR data::text LIKE '%shop%'`)
    ).rows[0].n;
    console.log(`sealed side: ${keyRows} data keys; events holding an address or a destination in plain: ${plainLeft}`);

    // Rebuilds, alternating: each projection's tables must come out the same on both sides.
    const projections: [string, () => Projection][] = [
      ['codes', () => new CodesProjection({ register: () => undefined } as never)],
      ['analytics', () => new AnalyticsProjection({ register: () => undefined } as never)],
    ];
    let identical = true;
    for (const [name, make] of projections) {
      const rates = { bare: [] as number[], sealed: [] as number[] };
      const sums = { bare: new Set<string>(), sealed: new Set<string>() };
      for (let round = 0; round < ROUNDS; round++)
        for (const s of round % 2 ? [...sides].reverse() : sides) {
          const projection = make();
          const t = performance.now();
          const { events } = await rebuildProjection(projection, s.store, s.dataSource);
          const elapsed = (performance.now() - t) / 1000;
          rates[s.name].push(events / elapsed);
          sums[s.name].add(await tableSums(s.dataSource, projection.tables));
          console.log(
            `rebuild ${name.padEnd(9)} ${s.name.padEnd(6)} ${events} events in ${elapsed.toFixed(2)} s = ` +
              `${(events / elapsed).toFixed(0).padStart(7)} events/s (loadavg ${loadavg()})`,
          );
        }
      const same = sums.bare.size === 1 && sums.sealed.size === 1 && [...sums.bare][0] === [...sums.sealed][0];
      identical &&= same;
      console.log(
        `rebuild ${name}: medians bare ${median(rates.bare).toFixed(0)}, sealed ${median(rates.sealed).toFixed(0)} events/s = ` +
          `${((100 * median(rates.sealed)) / median(rates.bare)).toFixed(0)}% of bare; tables ${same ? 'identical' : 'DIFFERENT'}`,
      );
      if (!same) console.log(`  bare:   ${[...sums.bare].join(' / ')}\n  sealed: ${[...sums.sealed].join(' / ')}`);
    }
    if (!identical || plainLeft !== 0) process.exitCode = 1;
  } finally {
    for (const s of sides) await s.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
