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
  // One type (the usual filter) as an equality: its index then hands the rows over in position order.
  const types = filter.type === undefined ? [] : Array.isArray(filter.type) ? filter.type : [filter.type];
  if (types.length === 1) add((n) => `type = ${n}`, types[0]);
  else if (types.length) add((n) => `type = ANY(${n}::text[])`, types);
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
  // Qualified: the select list turns `position` into text under the same name, and an unqualified ORDER BY would sort
  // that text (wrongly, and without the index).
  const t = 'audit_events';
  const orderBy =
    query.sort.field === 'occurredAt'
      ? `${t}.occurred_at ${order}, ${t}.position ${order}`
      : `${t}.position ${order}, ${t}.prepare ${order}`;
  return {
    page: {
      sql: `SELECT ${columns} FROM audit_events ${where} ORDER BY ${orderBy} LIMIT ${query.range.limit} OFFSET ${query.range.offset}`,
      params,
    },
    count: { sql: `SELECT count(*)::int AS total FROM (SELECT 1 FROM audit_events ${where} LIMIT ${COUNT_CAP}) capped`, params },
  };
}
