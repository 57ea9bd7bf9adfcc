import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/** Statements named so far, by text; past this many distinct texts a read is sent unnamed (never prepared). */
const names = new Map<string, string>();
const NAMED_MAX = 500;

/**
 * A read statement that requests make over and over (the signed-in user's row, a list page), on TypeORM's own pool
 * but without its query runner, and prepared: each connection has PostgreSQL parse and plan it once, and the process
 * builds no query runner, logger call or result wrapper per request (issue 31, bench/dashboard). Statements are named
 * by their text, so a builder of SQL (filters, sorts) gets one prepared statement per shape; the values are always
 * parameters. Errors are pg's own, as through TypeORM's query() (isDatabaseUnavailable reads their codes).
 */
export async function preparedRead<T>(dataSource: DataSource, text: string, values: unknown[]): Promise<T[]> {
  const pool = poolOf(dataSource);
  let name = names.get(text);
  if (name === undefined && names.size < NAMED_MAX) names.set(text, (name = `qrs-read-${names.size + 1}`));
  const { rows } = await pool.query<T & object>(name === undefined ? { text, values } : { name, text, values });
  return rows;
}

/**
 * A read sent unnamed on the same pool (no query runner either), so PostgreSQL plans it with each request's values. For
 * statements whose good plan depends on the values: after five runs a prepared statement may switch to PostgreSQL's
 * generic plan, chosen without them (the dashboard's list page: LIMIT, OFFSET and filters as parameters).
 */
export async function plannedRead<T>(dataSource: DataSource, text: string, values: unknown[]): Promise<T[]> {
  const { rows } = await poolOf(dataSource).query<T & object>({ text, values });
  return rows;
}

/** TypeORM's own pg pool, for reads that skip its query runner. */
function poolOf(dataSource: DataSource): Pool {
  return (dataSource.driver as PostgresDriver).master as Pool;
}
