/**
 * bench/audit: the staff console's audit log with 1,000,000 rows (BENCH_ROWS). Pages of 25 rows filtered by user and by
 * event type (and a few neighbours), exactly as GET /api/admin/events builds them (auditPageSql: the page and its capped
 * count), on a fresh migrated database filled in bulk with SQL. Prints median and p90 per query; target under 100 ms.
 * Not a test: it prints figures.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createDataSource } from '../../backend/src/database/data-source';
import { auditPageSql } from '../../backend/src/staff/audit-query';
import type { EventsQuery } from '../../backend/src/staff/staff.schemas';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const USERS = Number(process.env.BENCH_USERS ?? 5_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const TYPES = [
  'QrCreated',
  'QrDestinationChanged',
  'QrStyleChanged',
  'QrContentChanged',
  'QrRenamed',
  'QrPaused',
  'QrResumed',
  'QrPasswordSet',
  'QrPasswordRemoved',
  'QrSuspended',
  'QrSuspensionLifted',
  'QrDeleted',
  'UserRegistered',
  'UserNameChanged',
  'PasswordChanged',
  'RoleGranted',
  'RoleRevoked',
  'AccountDisabled',
  'AccountEnabled',
  'UserDeleted',
];

const local = (url: string) => ['127.0.0.1', 'localhost', '::1'].includes(new URL(url).hostname);
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))];
const userId = (n: number) => {
  const hex = n.toString(16).padStart(12, '0');
  return `00000000-0000-4000-8000-${hex}`;
};

async function main(): Promise<void> {
  if (!local(ADMIN_URL)) throw new Error(`refusing a non-local database: ${ADMIN_URL}`);
  const name = `qrs_bench_audit_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  // Every pg connection gets an 'error' listener: one the server ends between queries would otherwise end the process.
  admin.on('error', () => undefined);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dataSource = createDataSource(url.toString(), { poolSize: 4, applicationName: 'bench-audit' });
  try {
    await dataSource.initialize();
    await dataSource.runMigrations();

    // Rows as the projection writes them: one user in USERS acts on their own account and codes; 10% of the rows belong
    // to a second tenant; one code per 20 rows; positions increase with time, newest last.
    const started = Date.now();
    const chunk = 250_000;
    for (let from = 1; from <= ROWS; from += chunk) {
      const to = Math.min(ROWS, from + chunk - 1);
      await dataSource.query(
        `INSERT INTO audit_events (id, position, prepare, stream_id, revision, type, client_id, actor_id, actor_email, user_id, qr_id,
           occurred_at, summary, changes, data, metadata, correlation_id)
         SELECT md5('e' || i)::uuid, i, i, 'qr-' || md5('q' || (i / 20))::uuid, i % 20, ($3::text[])[1 + i % $4],
           CASE WHEN i % 10 = 0 THEN 2 ELSE 1 END,
           '00000000-0000-4000-8000-' || lpad(to_hex(i % $5), 12, '0'),
           'user' || (i % $5) || '@example.com',
           ('00000000-0000-4000-8000-' || lpad(to_hex(i % $5), 12, '0'))::uuid,
           md5('q' || (i / 20))::uuid,
           now() - make_interval(secs => ($2 - i) * 30),
           'changed the destination of Menu ' || (i / 20) || ' from https://a.example/' || i || ' to https://b.example/' || i,
           jsonb_build_array(
             jsonb_build_object('field', 'destination', 'before', 'https://a.example/' || i, 'after', 'https://b.example/' || i)
           ),
           jsonb_build_object('qrId', md5('q' || (i / 20))::uuid, 'before', 'https://a.example/' || i, 'after', 'https://b.example/' || i),
           jsonb_build_object('tenantId', 1, 'actorId', 'x', 'occurredAt', now()),
           md5('c' || i)
         FROM generate_series($1::bigint, $6::bigint) AS i`,
        [from, ROWS, TYPES, TYPES.length, USERS, to],
      );
      process.stdout.write(`\rinserted ${to.toLocaleString('en-US')} / ${ROWS.toLocaleString('en-US')} rows`);
    }
    await dataSource.query('ANALYZE audit_events');
    const size = (await dataSource.query("SELECT pg_size_pretty(pg_total_relation_size('audit_events')) AS size")) as { size: string }[];
    console.log(`\nfilled in ${((Date.now() - started) / 1000).toFixed(1)} s, audit_events with its indexes: ${size[0].size}\n`);

    const page = (filter: EventsQuery['filter'], offset = 0, tenant: number | null = null) =>
      auditPageSql(
        { filter, sort: { field: 'position', order: 'DESC' }, range: { start: offset, end: offset + 24, offset, limit: 25 } },
        tenant,
      );
    const cases: [string, () => ReturnType<typeof page>][] = [
      ['no filter, newest 25', () => page({})],
      ['by user (their timeline)', () => page({ userId: userId(Math.floor(Math.random() * USERS)) })],
      ['by event type', () => page({ type: [TYPES[Math.floor(Math.random() * TYPES.length)]] })],
      ['by user and type', () => page({ userId: userId(Math.floor(Math.random() * USERS)), type: ['QrDestinationChanged'] })],
      ['by type, page 41 (offset 1,000)', () => page({ type: [TYPES[Math.floor(Math.random() * TYPES.length)]] }, 1000)],
      ['tenant 2 staff, by type', () => page({ type: [TYPES[Math.floor(Math.random() * TYPES.length)]] }, 0, 2)],
      ['by code', () => page({ qrId: '00000000-0000-4000-8000-000000000000' })],
      ['last 24 hours, by type', () => page({ type: ['QrCreated'], from: new Date(Date.now() - 86_400_000) })],
    ];
    // Twice: as filled (no page of the table is marked all-visible yet, so the capped count reads the heap), and after
    // VACUUM, the steady state autovacuum keeps a table that only grows (PostgreSQL 13+ vacuums after inserts too).
    for (const state of ['as filled', 'after VACUUM']) {
      if (state === 'after VACUUM') await dataSource.query('VACUUM (ANALYZE) audit_events');
      console.log(
        `\n${state}: query (page of 25 + capped count, as the route runs them)`.padEnd(65) + '  median      p90   target < 100 ms',
      );
      await timeCases(cases);
    }
  } finally {
    await dataSource.destroy().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }

  async function timeCases(cases: [string, () => ReturnType<typeof auditPageSql>][]): Promise<void> {
    for (const [label, build] of cases) {
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const { page: rows, count } = build();
        const begun = performance.now();
        await Promise.all([dataSource.query(rows.sql, rows.params), dataSource.query(count.sql, count.params)]);
        times.push(performance.now() - begun);
      }
      const median = quantile(times, 0.5);
      const p90 = quantile(times, 0.9);
      console.log(
        `${label.padEnd(64)} ${median.toFixed(2).padStart(7)} ms ${p90.toFixed(2).padStart(7)} ms   ${p90 < 100 ? 'ok' : 'OVER'}`,
      );
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
