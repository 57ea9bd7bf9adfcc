import { Inject, Injectable } from '@nestjs/common';
import { codeDisplayName } from '@qrsharks/qr-core';
import { DataSource, In } from 'typeorm';
import { AccountsService, type AuthUser } from '../../accounts';
import type { RecordedEvent } from '../../event-store/event-store';
import { loadStream } from '../../command-pipeline/command-pipeline';
import type { EventStore } from '../../event-store/event-store';
import { EVENT_STORE } from '../../event-store/event-store.tokens';
import { TenantsService } from '../../tenants';
import {
  codeDto,
  dynamicDto,
  rowFromState,
  staticDto,
  type CodeDto,
  type DeletedCodeDto,
  type DynamicCodeDto,
  type StaticCodeDto,
} from './code-dto';
import { DynamicQrCodeEntity } from './dynamic-qr-code.entity';
import { evolveQr, initialQr, NOT_FOUND, type QrState } from '../model/qr-code';
import { QR_EVENTS, qrStream, shortCodeStream, type QrCreated } from '../model/qr-code.events';
import { checkCustomShortCode } from '../model/short-code';
import { QrCodeEntity } from './qr-code.entity';
import type { Routing } from '../routing/routing';
import { DomainError } from '../../common/domain-error';
import { plannedRead } from '../../database/prepared-read';
import type { DashboardCodesQuery } from '../editing/codes.schemas';

export interface HistoryEntry {
  id: string;
  version: number;
  type: string;
  at: string;
  actorId: string;
  actorName: string | null;
  summary: string;
  before: unknown;
  after: unknown;
}

/** A payment code's product, for the payment-products feature (the buyer's page). */
export interface PaymentCode {
  id: string;
  fields: Record<string, unknown>;
}

/** One code in a person's data export: the code as the dashboard answers it, and its history. */
/** A code in a person's data export: as the dashboard answers it, with its history and (a dynamic code's) routing. */
export type ExportedCode = CodeDto & { history: HistoryEntry[]; routing: Routing | null };

export type LoadedCode = { state: QrState & { code: QrCreated }; revision: bigint | 'no_stream'; events: RecordedEvent[] };

/**
 * The codes feature's reads (its front door exports this): lists, one code, the audit trail, payment codes for the
 * checkout, and the answer a command gives about a code. Reads `qr_codes`/`dynamic_qr_codes` (our read models) and
 * `qr-{id}` streams; other features' data only through their own front doors (accounts' names, tenants' brands).
 */
@Injectable()
export class CodesQueryService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly tenants: TenantsService,
    private readonly accounts: AccountsService,
  ) {}

  /** The origin a tenant's codes encode (/d/, /pdf/, /payment) and the name on its pages. */
  brand(tenantId: number): Promise<{ origin: string; name: string }> {
    return this.tenants.brand(tenantId);
  }

  /**
   * The one display name (qr-core's codeDisplayName: the owner's name, else one derived from the content, never a
   * password or a payload) of each of a tenant's dynamic codes named by id, for mails that list codes (the weekly scan
   * and paused-code reports). Ids of another tenant or of no code are left out.
   */
  async dynamicDisplayNames(tenantId: number, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.dataSource.getRepository(DynamicQrCodeEntity).findBy({ clientId: tenantId, id: In(ids) });
    return new Map(
      rows.map((row) => [
        row.id,
        codeDisplayName({ qrType: row.qrType, name: row.name, fields: row.qrData, destination: row.destination }),
      ]),
    );
  }

  async listStatic(user: AuthUser): Promise<StaticCodeDto[]> {
    const { origin } = await this.brand(user.tenantId);
    const rows = await this.dataSource
      .getRepository(QrCodeEntity)
      .find({ where: { clientId: user.tenantId, userId: user.id, isDeleted: false }, order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map((row) => staticDto(row, origin));
  }

  async listDynamic(user: AuthUser, paused?: boolean): Promise<DynamicCodeDto[]> {
    const { origin } = await this.brand(user.tenantId);
    const where = { clientId: user.tenantId, userId: user.id, isDeleted: false, ...(paused === undefined ? {} : { isPaused: paused }) };
    const rows = await this.dataSource.getRepository(DynamicQrCodeEntity).find({ where, order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map((row) => dynamicDto(row, origin));
  }

  /**
   * GET /api/dashboard/codes: one page of the caller's static and dynamic codes (owner and tenant scoped, deleted ones
   * never), filtered and sorted in SQL over both lists (each walked by its owner index), answered as the DTOs the
   * spec's lists give, with `total`, the number of codes the filter matches. One statement (issue 31): the total, the
   * page's ids and their rows come back together as one fixed shape of columns (pageColumns), so a request costs one
   * round trip and no ORM hydration (three round trips and TypeORM's row building were most of the list's time).
   */
  async dashboardCodes(user: AuthUser, query: DashboardCodesQuery): Promise<{ rows: CodeDto[]; total: number }> {
    const params: unknown[] = [user.tenantId, user.id];
    const where = ['client_id = $1', 'user_id = $2', 'NOT is_deleted'];
    const { q, qrType, mode, paused, tag } = query.filter;
    if (paused !== undefined) where.push(`is_paused = $${params.push(paused)}`);
    if (qrType) where.push(`qr_type = $${params.push(qrType)}`);
    if (tag) where.push(hasTag(`$${params.push(tag)}`));
    const search = q ? `$${params.push(`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}` : null;
    const staticWhere = [...where, ...(search ? [`(name ILIKE ${search} OR qr_data::text ILIKE ${search})`] : [])];
    const dynamicWhere = [
      ...where,
      ...(search
        ? [`(name ILIKE ${search} OR destination ILIKE ${search} OR short_code ILIKE ${search} OR qr_data::text ILIKE ${search})`]
        : []),
    ];
    const parts = [
      ...(mode === 'dynamic'
        ? []
        : [`SELECT id, 'static' AS mode, created_at, name, qr_type, 0 AS scan_count FROM qr_codes WHERE ${staticWhere.join(' AND ')}`]),
      ...(mode === 'static'
        ? []
        : [
            `SELECT id, 'dynamic' AS mode, created_at, name, qr_type, scan_count FROM dynamic_qr_codes WHERE ${dynamicWhere.join(' AND ')}`,
          ]),
    ];
    const order = query.sort.order === 'ASC' ? 'ASC' : 'DESC';
    // created_at is never null: its order alone lets each list's owner index deliver rows already sorted.
    const sortBy = (of: string) => {
      const column = { createdAt: 'created_at', name: `lower(${of}name)`, qrType: `${of}qr_type`, scanCount: `${of}scan_count` }[
        query.sort.field
      ];
      const last = `${of}created_at ${order}, ${of}id ${order}`;
      return query.sort.field === 'createdAt' ? last : `${column} ${order} NULLS LAST, ${last}`;
    };
    const limit = `$${params.push(query.range.limit)}`;
    const offset = `$${params.push(query.range.offset)}`;
    // Newest first (the default), each list gives at most offset + limit rows in its owner index's order, so the page
    // is a merge of two short index walks instead of a sort of every code the user has.
    const branches =
      query.sort.field === 'createdAt'
        ? ((upTo) => parts.map((part) => `(${part} ORDER BY ${sortBy('')} LIMIT ${upTo})`))(
            `$${params.push(query.range.offset + query.range.limit)}`,
          )
        : parts;
    // A type, tag or text filter counts the rows it matches (the owner indexes, then the rows for q); otherwise the
    // total is read from code_counts, which the codes projection keeps in the same transaction as the rows.
    const total =
      qrType || search || tag
        ? parts.map((part) => `(SELECT count(*) FROM (${part}) AS part)`).join(' + ')
        : `COALESCE((SELECT ${ownerTotalSql(mode, paused)} FROM code_counts WHERE client_id = $1 AND user_id = $2), 0)`;
    // Each of the page's rows is read by its primary key: LATERAL with LIMIT 1 (which PostgreSQL does not flatten into a
    // join) is a lookup per row whatever the statistics say. Joined plainly, tables not yet analyzed (just filled, just
    // rebuilt) made PostgreSQL scan every one of the owner's codes once per row of the page: 40-60 ms for 5,000 codes.
    const { select } = pageColumns(this.dataSource);
    const sql = `SELECT (${total})::int AS "total", page.mode AS "mode", ${select}
      FROM (SELECT 1) AS one
      LEFT JOIN (
        SELECT * FROM (${branches.join(' UNION ALL ')}) AS codes ORDER BY ${sortBy('')} LIMIT ${limit} OFFSET ${offset}
      ) AS page ON true
      LEFT JOIN LATERAL (
        SELECT * FROM qr_codes WHERE page.mode = 'static' AND id = page.id AND client_id = $1 LIMIT 1
      ) AS s ON true
      LEFT JOIN LATERAL (
        SELECT * FROM dynamic_qr_codes WHERE page.mode = 'dynamic' AND id = page.id AND client_id = $1 LIMIT 1
      ) AS d ON true
      ORDER BY ${sortBy('page.')}`;
    const [{ origin }, found] = await Promise.all([
      this.brand(user.tenantId),
      plannedRead<Record<string, unknown> & { total: number; mode: 'static' | 'dynamic' | null }>(this.dataSource, sql, params),
    ]);
    const { staticKeys, dynamicKeys } = pageColumns(this.dataSource);
    const rows = found.flatMap((row): CodeDto[] => {
      if (row.mode === 'static') return [staticDto(pick(row, staticKeys) as unknown as QrCodeEntity, origin)];
      if (row.mode === 'dynamic') return [dynamicDto(pick(row, dynamicKeys) as unknown as DynamicQrCodeEntity, origin)];
      return [];
    });
    return { rows, total: found[0]?.total ?? 0 };
  }

  /**
   * GET /api/dashboard/tags: the tags on the caller's live codes, each once (spelled as on most of its codes, ties
   * alphabetically) with how many codes carry it, alphabetically: the dashboard's tag filter and rename offer these.
   */
  async ownerTags(user: AuthUser): Promise<{ tag: string; count: number }[]> {
    const rows = (await this.dataSource.query(
      `SELECT (array_agg(tag ORDER BY uses DESC, tag))[1] AS tag, sum(uses)::int AS count FROM (
         SELECT tag, count(*) AS uses FROM (
           SELECT unnest(tags) AS tag FROM qr_codes WHERE client_id = $1 AND user_id = $2 AND NOT is_deleted
           UNION ALL SELECT unnest(tags) FROM dynamic_qr_codes WHERE client_id = $1 AND user_id = $2 AND NOT is_deleted
         ) AS each GROUP BY tag
       ) AS spelled GROUP BY lower(tag) ORDER BY lower(tag)`,
      [user.tenantId, user.id],
    )) as { tag: string; count: number }[];
    return rows;
  }

  /** The ids of the caller's live codes that carry `tag` (ignoring case): what a rename or removal across codes changes. */
  async idsTagged(user: AuthUser, tag: string): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT id, created_at FROM qr_codes WHERE client_id = $1 AND user_id = $2 AND NOT is_deleted AND ${hasTag('$3')}
       UNION ALL SELECT id, created_at FROM dynamic_qr_codes WHERE client_id = $1 AND user_id = $2 AND NOT is_deleted AND ${hasTag('$3')}
       ORDER BY created_at, id`,
      [user.tenantId, user.id, tag],
    )) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /** GET /api/dashboard/codes/{id}: one of the caller's codes (the dashboard reads the current one after a stale edit). */
  async dashboardCode(user: AuthUser, id: string): Promise<CodeDto> {
    const where = { id, clientId: user.tenantId, userId: user.id, isDeleted: false };
    const row =
      (await this.dataSource.getRepository(QrCodeEntity).findOneBy(where)) ??
      (await this.dataSource.getRepository(DynamicQrCodeEntity).findOneBy(where));
    if (!row) throw DomainError.notFound(NOT_FOUND);
    const { origin } = await this.brand(user.tenantId);
    return 'shortCode' in row ? dynamicDto(row, origin) : staticDto(row, origin);
  }

  /**
   * What a command answers about the code it changed. Caught up: the row (scan counts included). Not caught up: the
   * same shape built from the events (rowFromState), never a lookup that could fail: the write is committed.
   */
  async answer(state: QrState, revision: bigint | 'no_stream', caughtUp: boolean): Promise<CodeDto | DeletedCodeDto> {
    if (!state.code) throw DomainError.notFound(NOT_FOUND);
    const { origin } = await this.brand(state.tenantId ?? 1);
    const mode = state.code.mode;
    const row =
      mode === 'dynamic'
        ? await this.dataSource.getRepository(DynamicQrCodeEntity).findOneBy({ id: state.code.qrId })
        : await this.dataSource.getRepository(QrCodeEntity).findOneBy({ id: state.code.qrId });
    const version = revision === 'no_stream' ? 0 : Number(revision);
    if (caughtUp && row) return codeDto(row, origin);
    const scans = row && 'scanCount' in row ? { scanCount: row.scanCount, lastScannedAt: row.lastScannedAt } : undefined;
    return codeDto(rowFromState(state as QrState & { code: QrCreated }, version, scans), origin);
  }

  /** A code's stream folded; null when there is no such code (a malformed id names none). */
  async load(qrId: string): Promise<LoadedCode | null> {
    const loaded = await loadStream(this.store, qrStream(qrId.toLowerCase()), initialQr, evolveQr);
    return loaded.state.exists && loaded.state.code ? (loaded as LoadedCode) : null;
  }

  /**
   * GET /api/dynamic-qrcodes/short-code-availability?code=: whether a custom back-half could be chosen now (the create
   * form shows it as the person types). The create itself still decides races (409). A malformed or reserved one is a 400.
   */
  async shortCodeAvailability(code: string): Promise<{ code: string; available: boolean }> {
    const chosen = checkCustomShortCode(code.trim());
    const reserved = await this.store.readStream(shortCodeStream(chosen));
    return { code: chosen, available: reserved.length === 0 };
  }

  /** Who may read a code's history and download it: its owner, and support and admin staff (any tenant). */
  async readable(user: AuthUser, qrId: string, includeDeleted: boolean): Promise<LoadedCode> {
    const loaded = await this.load(qrId);
    const staff = user.roles.includes('support') || user.roles.includes('admin');
    const owner = loaded?.state.code.userId === user.id && loaded.state.tenantId === user.tenantId;
    if (!loaded || (!staff && !owner) || (loaded.state.deleted && !includeDeleted)) throw DomainError.notFound(NOT_FOUND);
    return loaded;
  }

  /** GET /api/qrcodes/{id}/history: the code's stream, oldest first, with who, when and what changed. */
  async history(user: AuthUser, qrId: string): Promise<HistoryEntry[]> {
    const { events } = await this.readable(user, qrId, true);
    return this.historyOf(events);
  }

  private async historyOf(events: RecordedEvent[]): Promise<HistoryEntry[]> {
    const names = await this.accounts.usernames(events.map((event) => event.metadata.actorId)).catch(() => new Map<string, string>());
    return events.map((event) => ({
      id: event.id,
      version: Number(event.revision),
      type: event.type,
      at: event.metadata.occurredAt,
      actorId: event.metadata.actorId,
      actorName: names.get(event.metadata.actorId) ?? null,
      ...describe(event),
    }));
  }

  /**
   * The codes part of a person's data export (issue 32 item 3): each of the owner's live codes, oldest first, as
   * GET /api/dashboard/codes/{id} answers it (content, style, scan counts) with its history (GET /api/qrcodes/{id}/history).
   * One code at a time, so an owner with thousands of codes never holds them all in memory.
   */
  async *exportFor(user: AuthUser): AsyncGenerator<ExportedCode> {
    const ids = (await this.dataSource.query(
      `SELECT id, created_at FROM qr_codes WHERE client_id = $1 AND user_id = $2 AND NOT is_deleted
       UNION ALL SELECT id, created_at FROM dynamic_qr_codes WHERE client_id = $1 AND user_id = $2 AND NOT is_deleted
       ORDER BY created_at, id`,
      [user.tenantId, user.id],
    )) as { id: string }[];
    for (const { id } of ids) {
      try {
        const code = await this.dashboardCode(user, id);
        // One read of the stream: the history and the routing live now (issue 33; null without one, or static).
        const { state, events } = await this.readable(user, id, true);
        yield { ...code, history: await this.historyOf(events), routing: state.routing ?? null };
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'not_found')) throw error; // deleted meanwhile: not theirs to export
      }
    }
  }

  /** A live payment code of this tenant (static, or dynamic and not paused), or null. */
  async paymentCode(id: string, tenantId: number): Promise<PaymentCode | null> {
    const where = { id, clientId: tenantId, qrType: 'payment' as const, isDeleted: false };
    const row =
      (await this.dataSource.getRepository(QrCodeEntity).findOneBy(where)) ??
      (await this.dataSource.getRepository(DynamicQrCodeEntity).findOneBy({ ...where, isPaused: false }));
    return row ? { id: row.id, fields: row.qrData } : null;
  }
}

/**
 * The dashboard list's total without a type or text filter, as an expression over a `code_counts` row (counting 5,000
 * codes per request was most of the list's database time). `paused` and `mode` choose the columns, never a value.
 */
function ownerTotalSql(mode?: 'static' | 'dynamic', paused?: boolean): string {
  const part = (all: string, pausedOnes: string) => (paused === undefined ? all : paused ? pausedOnes : `${all} - ${pausedOnes}`);
  const sides = [
    ...(mode === 'dynamic' ? [] : [part('static_count', 'static_paused')]),
    ...(mode === 'static' ? [] : [part('dynamic_count', 'dynamic_paused')]),
  ];
  return sides.map((side) => `(${side})`).join(' + ');
}

/** Columns a code's answer leaves out (codeDto's Hidden): never selected for the list. */
const HIDDEN = new Set(['clientId', 'isDeleted', 'deletedAt']);
let pageShape: { select: string; staticKeys: string[]; dynamicKeys: string[] } | null = null;

/**
 * The list's fixed shape, from the two entities' column metadata (so a column added to an entity is answered with
 * no change here): each column once, as its property name, from `s` (qr_codes) or `d` (dynamic_qr_codes); the
 * columns both have from whichever side the page's row joined. Built once per process.
 */
function pageColumns(dataSource: DataSource): { select: string; staticKeys: string[]; dynamicKeys: string[] } {
  if (pageShape) return pageShape;
  const columns = (entity: typeof QrCodeEntity | typeof DynamicQrCodeEntity) =>
    dataSource
      .getMetadata(entity)
      .columns.filter((column) => !HIDDEN.has(column.propertyName))
      .map((column) => ({ name: column.databaseName, key: column.propertyName }));
  const statics = columns(QrCodeEntity);
  const dynamics = columns(DynamicQrCodeEntity);
  const inStatic = new Map(statics.map((column) => [column.key, column.name]));
  const inDynamic = new Map(dynamics.map((column) => [column.key, column.name]));
  const select = [
    ...statics.map(({ key, name }) => (inDynamic.get(key) === name ? `COALESCE(s.${name}, d.${name})` : `s.${name}`) + ` AS "${key}"`),
    ...dynamics.filter(({ key }) => !inStatic.has(key)).map(({ key, name }) => `d.${name} AS "${key}"`),
  ].join(', ');
  pageShape = { select, staticKeys: statics.map(({ key }) => key), dynamicKeys: dynamics.map(({ key }) => key) };
  return pageShape;
}

function pick(row: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of keys) picked[key] = row[key];
  return picked;
}

/** A code row carries the tag named by the parameter `param`, ignoring case (trimmed, as tags are stored). */
const hasTag = (param: string) => `EXISTS (SELECT 1 FROM unnest(tags) AS tag WHERE lower(tag) = lower(btrim(${param})))`;

/** 'Tags changed: added tables; removed spring' (what History lists for QrTagsChanged). */
export function tagsSummary(before: readonly string[], after: readonly string[]): string {
  const key = (tag: string) => tag.toLowerCase();
  const added = after.filter((tag) => !before.some((old) => key(old) === key(tag)));
  const removed = before.filter((tag) => !after.some((now) => key(now) === key(tag)));
  const renamed = after.filter((tag) => before.some((old) => key(old) === key(tag) && old !== tag));
  const parts = [
    ...(added.length ? [`added ${added.join(', ')}`] : []),
    ...(removed.length ? [`removed ${removed.join(', ')}`] : []),
    ...(renamed.length ? [`respelled ${renamed.join(', ')}`] : []),
  ];
  return `Tags changed: ${parts.join('; ') || 'reordered'}`;
}

/** 'Routing changed: 2 rules, a split of 2, a cap of 1000 scans' (or set, removed). */
export function routingSummary(before: Routing | null, after: Routing | null): string {
  if (!after) return 'Routing removed';
  const parts: string[] = [];
  if (after.rules?.length) parts.push(`${after.rules.length} rule${after.rules.length === 1 ? '' : 's'}`);
  if (after.split?.length) parts.push(`a split of ${after.split.length}`);
  if (after.limits?.maxScans !== undefined) parts.push(`a cap of ${after.limits.maxScans} scans`);
  if (after.limits?.validFrom || after.limits?.validUntil) parts.push('a validity window');
  return `${before ? 'Routing changed' : 'Routing set'}: ${parts.join(', ') || 'no rules'}`;
}

/** What an entry of the audit trail says changed. */
function describe(event: RecordedEvent): { summary: string; before: unknown; after: unknown } {
  if (!QR_EVENTS.has(event)) return { summary: event.type, before: null, after: event.data };
  switch (event.type) {
    case 'QrCreated': {
      const { qrId: _id, ...rest } = event.data;
      return { summary: `Created ${event.data.mode} ${event.data.qrType} code`, before: null, after: rest };
    }
    case 'QrDestinationChanged':
      return {
        summary: 'Destination changed',
        before: { destination: event.data.before || null },
        after: { destination: event.data.after },
      };
    case 'QrStyleChanged':
      return { summary: `Style changed: ${Object.keys(event.data.after).join(', ')}`, before: event.data.before, after: event.data.after };
    case 'QrContentChanged':
      return {
        summary: `Content changed: ${Object.keys(event.data.after).join(', ')}`,
        before: event.data.before,
        after: event.data.after,
      };
    case 'QrRenamed':
      return { summary: 'Renamed', before: { name: event.data.before }, after: { name: event.data.after } };
    case 'QrPaused':
      return { summary: 'Paused', before: { isPaused: false }, after: { isPaused: true } };
    case 'QrResumed':
      return { summary: 'Resumed', before: { isPaused: true }, after: { isPaused: false } };
    // Never the hash: the history says only that a password was set or removed.
    case 'QrPasswordSet':
      return { summary: 'Password set', before: null, after: { hasPassword: true } };
    case 'QrPasswordRemoved':
      return { summary: 'Password removed', before: { hasPassword: true }, after: { hasPassword: false } };
    case 'QrRoutingChanged':
      return { summary: routingSummary(event.data.before, event.data.after), before: event.data.before, after: event.data.after };
    case 'QrTagsChanged':
      return {
        summary: tagsSummary(event.data.before, event.data.after),
        before: { tags: event.data.before },
        after: { tags: event.data.after },
      };
    case 'QrDeleted':
      return { summary: 'Deleted', before: { isDeleted: false }, after: { isDeleted: true } };
    default:
      return { summary: event.type, before: null, after: event.data };
  }
}
