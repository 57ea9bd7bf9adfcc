import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainError } from '../common/domain-error';
import { auditPageSql, auditWhere } from './audit-query';
export { toCsv } from '../common/csv';
import type { CodesQuery, EventsFilter, EventsQuery, UsersQuery } from './staff.schemas';

export const EVENT_NOT_FOUND = 'Event not found';
export const USER_NOT_FOUND = 'User not found';
export const CODE_NOT_FOUND = 'QR code not found';
/** The CSV export's cap: a filtered view of the log, not a dump of it. */
export const CSV_MAX_ROWS = 50_000;

const like = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

const USER_COLUMNS =
  'id, client_id AS "clientId", email, username, first_name AS "firstName", last_name AS "lastName", roles, ' +
  'subscription_status AS "subscriptionStatus", trial_end_date AS "trialEndDate", is_disabled AS "isDisabled", ' +
  'is_deleted AS "isDeleted", code_count AS "codeCount", ' +
  'created_at AS "createdAt"';
const USER_SORT: Record<UsersQuery['sort']['field'], string> = {
  createdAt: 'created_at',
  email: 'email',
  subscriptionStatus: 'subscription_status',
  codeCount: 'code_count',
  id: 'id',
};

const CODE_COLUMNS =
  'id, client_id AS "clientId", user_id AS "userId", owner_email AS "ownerEmail", mode, qr_type AS "qrType", label, name, ' +
  'short_code AS "shortCode", destination, is_paused AS "isPaused", has_password AS "hasPassword", ' +
  'suspension_reason IS NOT NULL AS "isSuspended", suspension_reason AS "suspensionReason", is_deleted AS "isDeleted", ' +
  'created_at AS "createdAt", updated_at AS "updatedAt"';
const CODE_SORT: Record<CodesQuery['sort']['field'], string> = { createdAt: 'created_at', updatedAt: 'updated_at', label: 'label' };

type Row = Record<string, unknown>;

/**
 * The console's reads: the audit log and the user and code lists the audit projection keeps. `tenant` is the
 * caller's reach (staff-roles.ts tenantScope): null for every tenant, else one.
 */
@Injectable()
export class StaffQueryService {
  constructor(private readonly dataSource: DataSource) {}

  async events(query: EventsQuery, tenant: number | null): Promise<{ rows: Row[]; total: number }> {
    const { page, count } = auditPageSql(query, tenant);
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(page.sql, page.params) as Promise<Row[]>,
      this.dataSource.query(count.sql, count.params) as Promise<{ total: number }[]>,
    ]);
    return { rows, total };
  }

  /** One event in full: stream, revision, position, type, data, metadata, correlation id and the changes. */
  async event(id: string, tenant: number | null): Promise<Row> {
    const { where, params } = auditWhere({ id: [id] } as EventsFilter, tenant);
    const rows = (await this.dataSource.query(
      `SELECT id, position::text AS position, prepare::text AS prepare, stream_id AS "streamId", revision::text AS revision, type,
         client_id AS "clientId", actor_id AS "actorId", actor_email AS "actorEmail", user_id AS "userId", qr_id AS "qrId",
         occurred_at AS "occurredAt", summary, changes, data, metadata, correlation_id AS "correlationId"
       FROM audit_events ${where}`,
      params,
    )) as Row[];
    if (!rows[0]) throw DomainError.notFound(EVENT_NOT_FOUND);
    return rows[0];
  }

  /** The rows of a CSV export, oldest-first or newest-first as sorted, up to CSV_MAX_ROWS. */
  async eventsForCsv(query: Pick<EventsQuery, 'filter' | 'sort'>, tenant: number | null): Promise<Row[]> {
    const { page } = auditPageSql(
      { ...query, range: { start: 0, end: CSV_MAX_ROWS - 1, offset: 0, limit: CSV_MAX_ROWS } },
      tenant,
      'occurred_at AS "occurredAt", actor_email AS "actorEmail", actor_id AS "actorId", type, summary, stream_id AS "streamId", ' +
        'revision::text AS revision, client_id AS "clientId", id',
    );
    return (await this.dataSource.query(page.sql, page.params)) as Row[];
  }

  async users(query: UsersQuery, tenant: number | null): Promise<{ rows: Row[]; total: number }> {
    const clauses: string[] = [];
    const params: unknown[] = [];
    const add = (sql: (n: string) => string, value: unknown) => {
      params.push(value);
      clauses.push(sql(`$${params.length}`));
    };
    if (tenant !== null) add((n) => `client_id = ${n}`, tenant);
    const f = query.filter;
    if (f.clientId !== undefined) add((n) => `client_id = ${n}`, f.clientId);
    if (f.id) add((n) => `id = ANY(${n}::uuid[])`, f.id);
    if (f.role === 'user') clauses.push('cardinality(roles) = 0');
    else if (f.role) add((n) => `${n} = ANY(roles)`, f.role);
    if (f.isDisabled !== undefined) add((n) => `is_disabled = ${n}`, f.isDisabled);
    if (f.q) add((n) => `(email ILIKE ${n} OR username ILIKE ${n} OR (first_name || ' ' || last_name) ILIKE ${n})`, like(f.q));
    const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
    const order = `${USER_SORT[query.sort.field]} ${query.sort.order}, id`;
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(
        `SELECT ${USER_COLUMNS} FROM staff_users ${where} ORDER BY ${order} LIMIT ${query.range.limit} OFFSET ${query.range.offset}`,
        params,
      ) as Promise<Row[]>,
      this.dataSource.query(`SELECT count(*)::int AS total FROM staff_users ${where}`, params) as Promise<{ total: number }[]>,
    ]);
    return { rows, total };
  }

  async user(id: string, tenant: number | null): Promise<Row & { clientId: number; roles: string[] }> {
    const rows = (await this.dataSource.query(
      `SELECT ${USER_COLUMNS} FROM staff_users WHERE id = $1 AND ($2::int IS NULL OR client_id = $2)`,
      [id, tenant],
    )) as (Row & { clientId: number; roles: string[] })[];
    if (!rows[0]) throw DomainError.notFound(USER_NOT_FOUND);
    return rows[0];
  }

  /** The tenant of a user the console lists (any tenant), or null when staff_users has no row for it (yet). */
  async userTenant(id: string): Promise<number | null> {
    const rows = (await this.dataSource.query('SELECT client_id AS "clientId" FROM staff_users WHERE id = $1', [id])) as {
      clientId: number;
    }[];
    return rows[0]?.clientId ?? null;
  }

  async codes(query: CodesQuery, tenant: number | null): Promise<{ rows: Row[]; total: number }> {
    const clauses: string[] = [];
    const params: unknown[] = [];
    const add = (sql: (n: string) => string, value: unknown) => {
      params.push(value);
      clauses.push(sql(`$${params.length}`));
    };
    if (tenant !== null) add((n) => `client_id = ${n}`, tenant);
    const f = query.filter;
    if (f.clientId !== undefined) add((n) => `client_id = ${n}`, f.clientId);
    if (f.id) add((n) => `id = ANY(${n}::uuid[])`, f.id);
    if (f.userId) add((n) => `user_id = ${n}`, f.userId);
    if (f.mode) add((n) => `mode = ${n}`, f.mode);
    if (f.isSuspended !== undefined) clauses.push(f.isSuspended ? 'suspension_reason IS NOT NULL' : 'suspension_reason IS NULL');
    if (f.q) add((n) => `(label ILIKE ${n} OR destination ILIKE ${n} OR short_code ILIKE ${n} OR owner_email ILIKE ${n})`, like(f.q));
    const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
    const order = `${CODE_SORT[query.sort.field]} ${query.sort.order}, id`;
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(
        `SELECT ${CODE_COLUMNS} FROM staff_codes ${where} ORDER BY ${order} LIMIT ${query.range.limit} OFFSET ${query.range.offset}`,
        params,
      ) as Promise<Row[]>,
      this.dataSource.query(`SELECT count(*)::int AS total FROM staff_codes ${where}`, params) as Promise<{ total: number }[]>,
    ]);
    return { rows, total };
  }

  /**
   * One code, with its `version`: the revision of its `qr-{id}` stream, whose every event (code events only) this
   * projection wrote into audit_events in the same transaction as the row, so the two never disagree.
   */
  async code(id: string, tenant: number | null): Promise<Row> {
    const rows = (await this.dataSource.query(
      `SELECT ${CODE_COLUMNS},
         (SELECT max(a.revision)::int FROM audit_events a WHERE a.qr_id = c.id AND a.stream_id = 'qr-' || c.id::text) AS version
       FROM staff_codes c WHERE id = $1 AND ($2::int IS NULL OR client_id = $2)`,
      [id, tenant],
    )) as Row[];
    if (!rows[0]) throw DomainError.notFound(CODE_NOT_FOUND);
    return rows[0];
  }
}
