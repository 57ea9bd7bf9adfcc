/**
 * BENCH_SEED=sql: the analytics read model of BENCH_SCANS scans written straight into a throwaway database with SQL
 * (generate_series), not by appending Scanned events: 10^7 scans in minutes instead of hours. What bench/analytics then
 * measures is the reads, so the rows must be the ones the projection would write: the scans are generated into the
 * rebuild's staging table (CREATE_SCAN_FACTS) with the same facts the event fill gives (code, time, visitor, device,
 * os, browser, referrer host, country, every 20th a bot), and summed by the projection's own sumScanFacts.
 */
import { Client } from 'pg';
import { CREATE_SCAN_FACTS, SUMMED_TABLES, sumScanFacts } from '../../backend/src/analytics/analytics.projection';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function seedReadModel(
  url: string,
  options: { scans: number; qrIds: string[]; tenantId: number; now: number; visitors: number },
) {
  const client = new Client({ connectionString: url, application_name: 'bench-analytics-seed' });
  // A dropped connection ends the seed, not the process.
  client.on('error', (error) => console.error(`bench-analytics-seed: ${error.message}`));
  await client.connect();
  try {
    await client.query("SET work_mem = '256MB'");
    await client.query("SET maintenance_work_mem = '512MB'");
    await client.query('SET synchronous_commit = off');
    // Keys and indexes off while the tables fill, built once at the end (as a rebuild does): the same tables, faster.
    const keys: string[] = [];
    for (const table of SUMMED_TABLES) {
      const constraints = (
        await client.query(
          `SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
           WHERE conrelid = $1::regclass AND contype IN ('p', 'u', 'x')`,
          [table],
        )
      ).rows as { conname: string; def: string }[];
      const indexes = (
        await client.query(
          `SELECT indexname, indexdef FROM pg_indexes i WHERE schemaname = 'public' AND tablename = $1
           AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conrelid = $1::regclass AND c.conname = i.indexname)`,
          [table],
        )
      ).rows as { indexname: string; indexdef: string }[];
      for (const { conname, def } of constraints) {
        await client.query(`ALTER TABLE ${ident(table)} DROP CONSTRAINT ${ident(conname)}`);
        keys.push(`ALTER TABLE ${ident(table)} ADD CONSTRAINT ${ident(conname)} ${def}`);
      }
      for (const { indexname, indexdef } of indexes) {
        await client.query(`DROP INDEX ${ident(indexname)}`);
        keys.push(indexdef);
      }
    }
    await client.query(CREATE_SCAN_FACTS);
    // n numbers the scans oldest first, as the event fill does (its BENCH_ORDER=time): scan n is code n % codes, at
    // (scans - n) / scans of a year ago, visitor (n * 7919) % visitors, and the devices, systems, browsers, referrers and
    // countries of the same lists picked by n, n >> 1, n >> 2, n >> 3, n >> 4.
    await client.query(
      `INSERT INTO scan_facts
       SELECT qr_id, (at AT TIME ZONE 'UTC')::date, $3, is_bot, visitor_hash, at, country, device, os, browser, referrer,
         to_char(at AT TIME ZONE 'UTC', 'HH24'), 'default', CASE WHEN is_bot THEN 'bot' ELSE 'human' END
       FROM (
         SELECT ($2::varchar[])[n % cardinality($2::varchar[]) + 1] AS qr_id,
           to_timestamp(($4::bigint - floor((($1 - n)::float8 / $1) * 31536000000))::float8 / 1000) AS at,
           n % 20 = 0 AS is_bot,
           left(md5('visitor ' || (n::bigint * 7919) % $5), 22) AS visitor_hash,
           (ARRAY['mobile', 'mobile', 'mobile', 'desktop', 'tablet'])[n % 5 + 1] AS device,
           (ARRAY['iOS', 'Android', 'Windows', 'macOS'])[(n >> 1) % 4 + 1] AS os,
           (ARRAY['Mobile Safari', 'Chrome', 'Chrome Mobile', 'Firefox', 'Edge'])[(n >> 2) % 5 + 1] AS browser,
           (ARRAY['(direct)', '(direct)', 'www.instagram.com', 'www.google.com', 't.co'])[(n >> 3) % 5 + 1] AS referrer,
           (ARRAY['US', 'GB', 'DE', 'FR', 'CH', 'IN', 'BR', 'JP', 'unknown'])[(n >> 4) % 9 + 1] AS country
         FROM generate_series(0, $1 - 1) AS n
       ) s`,
      [options.scans, options.qrIds, options.tenantId, options.now, options.visitors],
    );
    await sumScanFacts(client);
    await client.query('DROP TABLE scan_facts');
    // A live table holds its rows in the order they came: day after day, every code's rows of a day side by side.
    // The sums above come out grouped by code (all of a code's year on a few pages), which would flatter every read:
    // the rows go back in day order, shuffled within the day.
    for (const table of SUMMED_TABLES.filter((name) => name !== 'scan_totals')) {
      await client.query(`CREATE TEMP TABLE seed_rows AS SELECT * FROM ${ident(table)} ORDER BY day, random()`);
      await client.query(`TRUNCATE ${ident(table)}`);
      await client.query(`INSERT INTO ${ident(table)} SELECT * FROM seed_rows`);
      await client.query('DROP TABLE seed_rows');
    }
    for (const statement of keys) await client.query(statement);
    // What autovacuum does to a live table in time: statistics for the planner and a visibility map for index-only scans.
    for (const table of SUMMED_TABLES) await client.query(`VACUUM ANALYZE ${ident(table)}`);
  } finally {
    await client.end();
  }
}
