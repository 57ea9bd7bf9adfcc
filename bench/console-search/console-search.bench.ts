/**
 * bench/console-search: the staff console's `q` (ILIKE '%q%') on its three lists, users, codes and the audit log, with
 * and without the trigram GIN indexes of migration ConsoleSearchTrigrams. Runs exactly the SQL the routes run
 * (StaffQueryService with a DataSource that records its queries), prints each search's plan (EXPLAIN ANALYZE) and the
 * median and p90 of BENCH_RUNS pages. Not a test: it prints figures.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../../backend/src/database/data-source';
import { auditPageSql } from '../../backend/src/staff/audit-query';
import { StaffQueryService } from '../../backend/src/staff/staff-query.service';
import type { CodesQuery, EventsQuery, UsersQuery } from '../../backend/src/staff/staff.schemas';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const USERS = Number(process.env.BENCH_USERS ?? 200_000);
const CODES = Number(process.env.BENCH_CODES ?? 300_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 300_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const INDEXES = {
  idx_audit_events_q: 'ON "audit_events" USING gin ("summary" gin_trgm_ops, "actor_email" gin_trgm_ops)',
  idx_staff_users_q:
    'ON "staff_users" USING gin ("email" gin_trgm_ops, "username" gin_trgm_ops, ' + `(("first_name" || ' ' || "last_name")) gin_trgm_ops)`,
  idx_staff_codes_q:
    'ON "staff_codes" USING gin ("label" gin_trgm_ops, "destination" gin_trgm_ops, "short_code" gin_trgm_ops, "owner_email" gin_trgm_ops)',
};

const local = (url: string) => ['127.0.0.1', 'localhost', '::1'].includes(new URL(url).hostname);
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))];
const range = { start: 0, end: 24, offset: 0, limit: 25 };

interface Sql {
  sql: string;
  params: unknown[];
}

/** The SQL a StaffQueryService call runs: the page and its count, recorded instead of guessed. */
async function recorded(dataSource: DataSource, call: (service: StaffQueryService) => Promise<unknown>): Promise<Sql[]> {
  const seen: Sql[] = [];
  const spy = { query: (sql: string, params: unknown[]) => (seen.push({ sql, params }), dataSource.query(sql, params)) };
  await call(new StaffQueryService(spy as unknown as DataSource));
  return seen;
}

async function main(): Promise<void> {
  if (!local(ADMIN_URL)) throw new Error(`refusing a non-local database: ${ADMIN_URL}`);
  const name = `qrs_bench_search_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  // Every pg connection gets an 'error' listener: one the server ends between queries would otherwise end the process.
  admin.on('error', () => undefined);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dataSource = createDataSource(url.toString(), { poolSize: 2, applicationName: 'bench-console-search' });
  try {
    await dataSource.initialize();
    await dataSource.runMigrations();
    for (const index of Object.keys(INDEXES)) await dataSource.query(`DROP INDEX ${index}`);

    let started = Date.now();
    await dataSource.query(
      `INSERT INTO staff_users (id, client_id, email, username, first_name, last_name, roles, created_at)
       SELECT md5('u' || i)::uuid, 1 + (i % 10 = 0)::int,
         'person' || i || '@mail' || (i % 500) || '.example', 'person' || i || '@mail' || (i % 500) || '.example',
         (ARRAY['Ann','Bob','Chloe','Dev','Eve','Farid','Gita','Hugo'])[1 + i % 8], 'Surname' || (i % 7919), '{}',
         now() - make_interval(secs => i)
       FROM generate_series(1, $1::int) AS i`,
      [USERS],
    );
    await dataSource.query(
      `INSERT INTO staff_codes (id, client_id, user_id, mode, qr_type, label, owner_email, short_code, destination, created_at, updated_at)
       SELECT md5('c' || i)::uuid, 1 + (i % 10 = 0)::int, md5('u' || (i % $2))::uuid, 'dynamic', 'url', 'Menu ' || i,
         'person' || (i % $2) || '@mail' || (i % $2 % 500) || '.example', substr(md5('s' || i), 1, 8),
         'https://shop' || (i % 3001) || '.example/item/' || i, now() - make_interval(secs => i), now()
       FROM generate_series(1, $1::int) AS i`,
      [CODES, USERS],
    );
    await dataSource.query(
      `INSERT INTO audit_events (id, position, prepare, stream_id, revision, type, client_id, actor_id, actor_email, user_id, qr_id,
         occurred_at, summary, changes, data, metadata, correlation_id)
       SELECT md5('e' || i)::uuid, i, i, 'qr-' || md5('c' || (i / 3))::uuid, i % 3, 'QrDestinationChanged', 1 + (i % 10 = 0)::int,
         md5('u' || (i % $2))::text, 'person' || (i % $2) || '@mail' || (i % $2 % 500) || '.example', md5('u' || (i % $2))::uuid,
         md5('c' || (i / 3))::uuid, now() - make_interval(secs => ($1 - i) * 30),
         'changed the destination of Menu ' || (i / 3) || ' from https://shop' || (i % 3001) || '.example/a to https://shop'
           || ((i + 7) % 3001) || '.example/b',
         '[]', '{}', '{}', md5('k' || i)
       FROM generate_series(1, $1::int) AS i`,
      [EVENTS, USERS],
    );
    console.log(`filled ${USERS} users, ${CODES} codes, ${EVENTS} audit rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await dataSource.query('VACUUM ANALYZE staff_users, staff_codes, audit_events');

    const users = (q: string) => (s: StaffQueryService) =>
      s.users({ filter: { q }, sort: { field: 'createdAt', order: 'DESC' }, range } as unknown as UsersQuery, null);
    const codes = (q: string) => (s: StaffQueryService) =>
      s.codes({ filter: { q }, sort: { field: 'createdAt', order: 'DESC' }, range } as unknown as CodesQuery, null);
    const events = (q: string) => async () => {
      const { page, count } = auditPageSql(
        { filter: { q }, sort: { field: 'position', order: 'DESC' }, range } as unknown as EventsQuery,
        null,
      );
      return [page, count];
    };
    const cases: [string, () => Promise<Sql[]>][] = [
      ['users q=person123456@ (one user)', () => recorded(dataSource, users(`person${Math.floor(USERS * 0.6)}@`))],
      ['users q=mail77.example (1 in 500)', () => recorded(dataSource, users('mail77.example'))],
      ['users q=farid surname13 (a name)', () => recorded(dataSource, users('Farid Surname13'))],
      ['codes q=shop2999.example (1 in 3001)', () => recorded(dataSource, codes('shop2999.example'))],
      ['codes q=<a short code>', () => recorded(dataSource, codes(SHORT))],
      ['events q=person4242@ (one actor)', () => events('person4242@')()],
      ['events q=shop1234.example (1 in 1500)', () => events('shop1234.example')()],
      ['events q=destination (every row)', () => events('destination')()],
    ];
    const SHORT = ((await dataSource.query("SELECT substr(md5('s' || 4321), 1, 8) AS s")) as { s: string }[])[0].s;

    for (const state of ['without the trigram indexes', 'with the trigram indexes']) {
      if (state.startsWith('with ')) {
        started = Date.now();
        for (const [index, definition] of Object.entries(INDEXES)) await dataSource.query(`CREATE INDEX ${index} ${definition}`);
        await dataSource.query('ANALYZE staff_users, staff_codes, audit_events');
        const sizes = (await dataSource.query(
          `SELECT string_agg(relname || ' ' || pg_size_pretty(pg_relation_size(oid)), ', ') AS s FROM pg_class WHERE relname = ANY($1)`,
          [Object.keys(INDEXES)],
        )) as { s: string }[];
        console.log(`\nbuilt the three indexes in ${((Date.now() - started) / 1000).toFixed(1)} s: ${sizes[0].s}`);
      }
      console.log(`\n${state}: query (page of 25 and its count, as the route runs them)`.padEnd(60) + '  median      p90   rows');
      for (const [label, build] of cases) {
        const [page, count] = await build();
        const times: number[] = [];
        let total = 0;
        for (let run = 0; run < RUNS; run++) {
          const begun = performance.now();
          const [, counted] = await Promise.all([dataSource.query(page.sql, page.params), dataSource.query(count.sql, count.params)]);
          times.push(performance.now() - begun);
          total = (counted as { total: number }[])[0].total;
        }
        console.log(
          `${label.padEnd(58)} ${quantile(times, 0.5).toFixed(2).padStart(8)} ms ` +
            `${quantile(times, 0.9).toFixed(2).padStart(8)} ms ${String(total).padStart(7)}`,
        );
        const plan = (await dataSource.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${count.sql}`, count.params)) as {
          'QUERY PLAN': string;
        }[];
        const lines = plan.map((row) => row['QUERY PLAN']);
        const scans = lines.filter((line) => /Scan|Execution Time/.test(line)).map((line) => line.trim().replace(/\s+/g, ' '));
        console.log(`    count's plan: ${scans.join(' | ')}`);
      }
    }
  } finally {
    await dataSource.destroy().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
