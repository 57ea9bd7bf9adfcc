import type { EventsFilter, EventsQuery } from './staff.schemas';

/**
 * The audit log's page query, pure so the benchmark (bench/audit) runs exactly what the route runs. Filters narrow by
 * indexed columns (each index ends with the position, so "newest first" is an index range scan); `q` looks in the
 * sentence and the actor's email.
 */
export function auditWhere(filter: EventsFilter, tenant: number | null): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  if (tenant !== null) add((n) => `client_id = ${n}`, tenant);
  if (filter.clientId !== undefined) add((n) => `client_id = ${n}`, filter.clientId);
  if (filter.id) add((n) => `id = ANY(${n}::uuid[])`, filter.id);
  if (filter.qrId) add((n) => `qr_id = ${n}`, filter.qrId);
  // A user's timeline: what happened to their account and codes, and what they did.
  if (filter.userId) add((n) => `(user_id = ${n} OR actor_id = ${n}::text)`, filter.userId);
  if (filter.actorId) add((n) => `actor_id = ${n}`, filter.actorId);
  if (filter.type) add((n) => `type = ANY(${n}::text[])`, Array.isArray(filter.type) ? filter.type : [filter.type]);
  if (filter.from) add((n) => `occurred_at >= ${n}`, filter.from);
  if (filter.to) add((n) => `occurred_at < ${n}`, filter.to);
  if (filter.q) add((n) => `(summary ILIKE ${n} OR actor_email ILIKE ${n})`, `%${filter.q.replace(/[\\%_]/g, '\\$&')}%`);
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

export const AUDIT_COLUMNS =
  'id, position::text AS position, stream_id AS "streamId", revision::text AS revision, type, client_id AS "clientId", ' +
  'actor_id AS "actorId", actor_email AS "actorEmail", user_id AS "userId", qr_id AS "qrId", occurred_at AS "occurredAt", summary';

/** One page, newest first by default. Counting stops at COUNT_CAP rows, so a page of a huge log stays fast. */
export const COUNT_CAP = 10_000;

export function auditPageSql(query: Pick<EventsQuery, 'filter' | 'sort' | 'range'>, tenant: number | null, columns = AUDIT_COLUMNS) {
  const { where, params } = auditWhere(query.filter, tenant);
  const order = query.sort.order === 'ASC' ? 'ASC' : 'DESC';
  const orderBy = query.sort.field === 'occurredAt' ? `occurred_at ${order}, position ${order}` : `position ${order}, prepare ${order}`;
  return {
    page: {
      sql: `SELECT ${columns} FROM audit_events ${where} ORDER BY ${orderBy} LIMIT ${query.range.limit} OFFSET ${query.range.offset}`,
      params,
    },
    count: { sql: `SELECT count(*)::int AS total FROM (SELECT 1 FROM audit_events ${where} LIMIT ${COUNT_CAP}) capped`, params },
  };
}
