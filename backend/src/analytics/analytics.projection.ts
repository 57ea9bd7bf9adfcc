import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../event-store/event-store';
import type { DomainEvent, EventIn } from '../event-store/typed-events';
import type { Projection } from '../projections/projection';
import { ProjectionsService } from '../projections/projections.service';
import { USER_STREAM_EVENTS } from '../accounts';
import { QR_EVENTS, TRACKING_EVENTS, type TrackingEvents } from '../codes';
import { SCAN_EVENTS, VISITOR_HASH_EVENTS, type ScanEvents } from '../scans';
import { codeName, referrerHost, scanKind, typeFields, type QrTrackedAsRead, type ScanKind } from './analytics-values';
import { SHARE_EVENTS } from './share-links';

/** Codes' events that name a code or a share link of one (the rest of what the projection reads is scans and tracking). */
const CODE_EVENTS = QR_EVENTS.pick('QrCreated', 'QrContentChanged', 'QrRenamed', 'QrDeleted');
const CONSUMED = CODE_EVENTS.and(SCAN_EVENTS)
  .and(TRACKING_EVENTS)
  .and(SHARE_EVENTS)
  .and(USER_STREAM_EVENTS.pick('UserDeleted'))
  .and(VISITOR_HASH_EVENTS);
type ScanEvent = DomainEvent<ScanEvents>;
type TrackingEvent = DomainEvent<TrackingEvents>;
/** A code's, a share link's or an account's event: one row at a time. */
type CodeEvent = Exclude<EventIn<typeof CONSUMED>, { type: 'Scanned' | 'QrGenerated' | 'QrDownloaded' | 'VisitorHashesExpired' }>;

/**
 * What an expired visitor hash becomes (issue 32 item 4): `expired:{n}`, n numbering the code's day's distinct
 * visitors (after the numbers a day already has), so distinct hashes stay distinct and every unique-visitor count,
 * filtered or not, is what it was. `:` is never in a hash (base64url). The same statement renames the live tables
 * (from scan_facets, which holds every visitor of a day, people and bots) and the rebuild's staged scans, at the
 * event's place among the scans: both number the same set the same way.
 */
export const EXPIRED_VISITOR = 'expired:';
const expiredVisitors = (table: string) =>
  `SELECT qr_id, day, visitor_hash,
     '${EXPIRED_VISITOR}' || (coalesce((SELECT max(substr(e.visitor_hash, ${EXPIRED_VISITOR.length + 1})::int)
     FROM ${table} e WHERE e.qr_id = v.qr_id AND e.day = v.day AND e.visitor_hash LIKE '${EXPIRED_VISITOR}%'), 0)
     + dense_rank() OVER (PARTITION BY qr_id, day ORDER BY visitor_hash)) AS pseudonym
   FROM (SELECT DISTINCT qr_id, day, visitor_hash FROM ${table} WHERE day < $1::date AND visitor_hash NOT LIKE '${EXPIRED_VISITOR}%') v`;
const renameVisitors = (target: string, source: string) =>
  `WITH renamed AS (${expiredVisitors(source)})
   UPDATE ${target} t SET visitor_hash = r.pseudonym FROM renamed r
   WHERE t.qr_id = r.qr_id AND t.day = r.day AND t.visitor_hash = r.visitor_hash`;

export const ANALYTICS_TABLES = [
  'analytics_codes',
  'scan_daily',
  'scan_visitors',
  'scan_breakdowns',
  'scan_totals',
  'qr_generations',
  'qr_downloads',
  'scan_facets',
  'analytics_share_links',
] as const;
/** Also the column order of scan_facets' values (after code, day, visitor and kind). */
export const DIMENSIONS = ['country', 'device', 'os', 'browser', 'referrer', 'hour', 'route'] as const;
export type Dimension = (typeof DIMENSIONS)[number];
/** The route of a scan no routing answered (a code without one, or a scan from before routing): its destination. */
export const DEFAULT_ROUTE = 'default';
/** The dimensions a page can be filtered by (every breakdown and the CSV honour them): all of them, the hour too. */
export const FILTERS = DIMENSIONS;
export type FilterDimension = (typeof FILTERS)[number];

/** The tables a rebuild fills in one set-based pass each (finishBulk), from the staged scans. */
export const SUMMED_TABLES = ['scan_visitors', 'scan_daily', 'scan_breakdowns', 'scan_totals', 'scan_facets'] as const;
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The rebuild's staging table: one row per scan, as scanFacts computes it. bench/analytics fills one with SQL
 * (generate_series) to seed 10^7 scans' read model in minutes, and sums it with sumScanFacts as a rebuild does.
 */
export const CREATE_SCAN_FACTS = `CREATE UNLOGGED TABLE scan_facts (qr_id varchar(64) NOT NULL, day date NOT NULL, client_id int NOT NULL,
  is_bot boolean NOT NULL, visitor_hash varchar(64) NOT NULL, scanned_at timestamptz NOT NULL, country varchar(255) NOT NULL,
  device varchar(255) NOT NULL, os varchar(255) NOT NULL, browser varchar(255) NOT NULL, referrer varchar(255) NOT NULL,
  hour varchar(2) NOT NULL, route varchar(40) NOT NULL, kind varchar(8) NOT NULL)`;

/** The summed tables (SUMMED_TABLES) from scan_facts, in one set-based pass each: the same sums as the live path. */
export async function sumScanFacts(tx: { query(sql: string): Promise<unknown> }): Promise<void> {
  await tx.query(
    `INSERT INTO scan_visitors (qr_id, day, visitor_hash, client_id)
       SELECT qr_id, day, visitor_hash, min(client_id) FROM scan_facts WHERE NOT is_bot GROUP BY qr_id, day, visitor_hash`,
  );
  await tx.query(
    `INSERT INTO scan_daily (qr_id, day, client_id, scans, unique_visitors, bots)
       SELECT qr_id, day, min(client_id), (count(*) FILTER (WHERE NOT is_bot))::int,
       (count(DISTINCT visitor_hash) FILTER (WHERE NOT is_bot))::int,
         (count(*) FILTER (WHERE is_bot))::int
       FROM scan_facts GROUP BY qr_id, day`,
  );
  await tx.query(
    `INSERT INTO scan_breakdowns (qr_id, day, dimension, value, is_bot, client_id, count)
       SELECT f.qr_id, f.day, d.dimension, d.value, f.is_bot, min(f.client_id), count(*)::int
       FROM scan_facts f CROSS JOIN LATERAL (VALUES ('country', f.country), ('device', f.device), ('os', f.os), ('browser', f.browser),
         ('referrer', f.referrer), ('hour', f.hour), ('route', f.route)) AS d(dimension, value)
       GROUP BY f.qr_id, f.day, d.dimension, d.value, f.is_bot`,
  );
  await tx.query(
    `INSERT INTO scan_totals (qr_id, client_id, scans, bots, last_scanned_at)
       SELECT qr_id, min(client_id), count(*) FILTER (WHERE NOT is_bot), count(*) FILTER (WHERE is_bot), max(scanned_at)
       FROM scan_facts GROUP BY qr_id`,
  );
  await tx.query(
    `INSERT INTO scan_facets (qr_id, day, visitor_hash, kind, country, device, os, browser, referrer, hour, route, client_id, count)
       SELECT qr_id, day, visitor_hash, kind, country, device, os, browser, referrer, hour, route, min(client_id), count(*)::int
       FROM scan_facts GROUP BY qr_id, day, visitor_hash, kind, country, device, os, browser, referrer, hour, route`,
  );
}

/** The schema a rebuild writes into (first on its search_path); never the live tables. */
async function rebuildSchema(tx: EntityManager): Promise<string> {
  const [{ schema }] = (await tx.query('SELECT current_schema() AS schema')) as { schema: string }[];
  if (!schema || schema === 'public') throw new Error('The analytics bulk hooks run only inside a rebuild schema');
  return schema;
}

/** What a scan contributes, computed once for the live path and the rebuild's staging alike. */
interface ScanFacts {
  qrId: string;
  day: string;
  clientId: number;
  isBot: boolean;
  kind: ScanKind;
  visitorHash: string;
  scannedAt: string;
  values: Record<Dimension, string>;
}

function scanFacts(event: ScanEvent): ScanFacts {
  const scan = event.data;
  return {
    qrId: scan.qrId,
    day: scan.scannedAt.slice(0, 10),
    clientId: event.metadata.tenantId,
    isBot: scan.isBot,
    kind: scanKind(scan),
    visitorHash: scan.visitorHash,
    scannedAt: scan.scannedAt,
    values: {
      country: (scan.country ?? 'unknown').slice(0, 255),
      device: (scan.device || 'unknown').slice(0, 255),
      os: (scan.os || 'unknown').slice(0, 255),
      browser: (scan.browser || 'unknown').slice(0, 255),
      referrer: referrerHost(scan.referrer).slice(0, 255),
      hour: scan.scannedAt.slice(11, 13),
      // Issue 33: the rule, split arm or limit that answered; a scan without routing went to the code's destination.
      route: (scan.route || DEFAULT_ROUTE).slice(0, 40),
    },
  };
}

interface DayCount {
  qrId: string;
  day: string;
  clientId: number;
  scans: number;
  bots: number;
}

/** The analytics projection's name: commands and readers wait on it by this constant (ProjectionsService.waitFor). */
export const ANALYTICS_PROJECTION = 'analytics';

/**
 * Scans, generations and downloads -> the analytics tables. Live, scans are folded per batch in memory and
 * written with a handful of set-based upserts. A rebuild parks every scan in a staging table and sums them in
 * one pass at the end (no upsert per batch, whatever the order of the events). Every sum is order-independent,
 * so both paths and a replay give the same numbers as the live run.
 */
@Injectable()
export class AnalyticsProjection implements Projection, OnModuleInit {
  readonly name = ANALYTICS_PROJECTION;
  readonly tables = ANALYTICS_TABLES;
  readonly eventTypes = CONSUMED.types;

  constructor(private readonly projections: ProjectionsService) {}

  onModuleInit(): void {
    this.projections.register(this);
  }

  /** In store order around visitor-hash cutoffs: the scans before one are folded before it renames their days. */
  async apply(events: RecordedEvent[], tx: EntityManager): Promise<void> {
    let start = 0;
    for (const [index, event] of events.entries()) {
      if (!VISITOR_HASH_EVENTS.has(event)) continue;
      await this.applyBetweenCutoffs(events.slice(start, index), tx);
      // scan_visitors first: its new names are read from scan_facets before scan_facets is renamed.
      await tx.query(renameVisitors('scan_visitors', 'scan_facets'), [event.data.before]);
      await tx.query(renameVisitors('scan_facets', 'scan_facets'), [event.data.before]);
      start = index + 1;
    }
    await this.applyBetweenCutoffs(start ? events.slice(start) : events, tx);
  }

  private async applyBetweenCutoffs(events: RecordedEvent[], tx: EntityManager): Promise<void> {
    const scans: ScanEvent[] = [];
    const generations: TrackingEvent[] = [];
    const downloads: TrackingEvent[] = [];
    for (const event of CONSUMED.among(events)) {
      if (event.type === 'Scanned') scans.push(event);
      else if (event.type === 'QrGenerated') generations.push(event);
      else if (event.type === 'QrDownloaded') downloads.push(event);
      else if (event.type !== 'VisitorHashesExpired') await this.applyCodeEvent(event, tx);
    }
    if (scans.length) await this.applyScans(scans, tx);
    if (generations.length) await this.applyTracking('qr_generations', generations, tx);
    if (downloads.length) await this.applyTracking('qr_downloads', downloads, tx);
  }

  private async applyCodeEvent(event: CodeEvent, tx: EntityManager): Promise<void> {
    if (event.type === 'UserDeleted') {
      // Issue 32: the owner's typed content leaves the rows (the same constants live and rebuilt, whatever was there).
      const userId = String(event.data.userId);
      await tx.query("UPDATE analytics_codes SET fields = '{}', name = 'Erased code' WHERE user_id = $1", [userId]);
      for (const table of ['qr_generations', 'qr_downloads'])
        await tx.query(
          `UPDATE ${table} SET qr_content = '', user_agent = NULL, referrer = NULL, type_fields = '{}', captured_email = NULL,
           captured_name = NULL WHERE user_id = $1 OR qr_code_id IN (SELECT qr_id FROM analytics_codes WHERE user_id = $1)`,
          [userId],
        );
      // Share links die with their owner (issue 27): every link the account made is revoked at the deletion's instant
      // (one already revoked keeps its own), from the event itself, so a rebuild or replay gives the same rows.
      await tx.query('UPDATE analytics_share_links SET revoked_at = coalesce(revoked_at, $2) WHERE user_id = $1 AND client_id = $3', [
        String(event.data.userId),
        event.metadata.occurredAt,
        event.metadata.tenantId,
      ]);
      return;
    }
    const { qrId } = event.data;
    if (event.type === 'QrCreated') {
      const { data } = event;
      await tx.query(
        `INSERT INTO analytics_codes (qr_id, client_id, user_id, mode, qr_type, name, short_code, fields, is_deleted, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, false, $9) ON CONFLICT (qr_id) DO NOTHING`,
        [
          qrId,
          event.metadata.tenantId,
          data.userId == null ? null : String(data.userId),
          data.mode,
          data.qrType,
          codeName(data.qrType, data.fields ?? {}, data.destination),
          data.shortCode,
          JSON.stringify(data.fields ?? {}),
          event.metadata.occurredAt,
        ],
      );
    } else if (event.type === 'QrContentChanged') {
      const { after } = event.data;
      if (!after || typeof after !== 'object') return;
      const [row] = (await tx.query('SELECT qr_type, fields, name FROM analytics_codes WHERE qr_id = $1', [qrId])) as {
        qr_type: string;
        fields: Record<string, unknown>;
        name: string;
      }[];
      if (!row) return;
      const fields = { ...row.fields, ...after };
      // A name the owner typed stays; one derived from the old content follows the new content.
      const derived = row.name === codeName(row.qr_type, row.fields, null);
      await tx.query('UPDATE analytics_codes SET fields = $2, name = $3 WHERE qr_id = $1', [
        qrId,
        JSON.stringify(fields),
        derived ? codeName(row.qr_type, fields, null) : row.name,
      ]);
    } else if (event.type === 'QrRenamed') {
      // The owner's name wins; removing it falls back to the name the content gives.
      const { after } = event.data;
      const name = after ? after.slice(0, 255) : await this.contentName(qrId, tx);
      if (name) await tx.query('UPDATE analytics_codes SET name = $2 WHERE qr_id = $1', [qrId, name]);
    } else if (event.type === 'QrDeleted') {
      await tx.query('UPDATE analytics_codes SET is_deleted = true WHERE qr_id = $1', [qrId]);
    } else if (event.type === 'AnalyticsShareCreated') {
      const { data } = event;
      await tx.query(
        `INSERT INTO analytics_share_links (share_id, qr_id, client_id, user_id, expires_at, created_at, revoked_at)
         VALUES ($1, $2, $3, $4, $5, $6, null) ON CONFLICT (share_id) DO NOTHING`,
        [data.shareId, data.qrId, event.metadata.tenantId, String(data.userId), data.expiresAt, event.metadata.occurredAt],
      );
    } else if (event.type === 'AnalyticsShareRevoked') {
      const { data } = event;
      await tx.query('UPDATE analytics_share_links SET revoked_at = coalesce(revoked_at, $2) WHERE share_id = $1', [
        data.shareId,
        event.metadata.occurredAt,
      ]);
    }
  }

  private async contentName(qrId: string, tx: EntityManager): Promise<string | null> {
    const [row] = (await tx.query('SELECT qr_type, fields FROM analytics_codes WHERE qr_id = $1', [qrId])) as {
      qr_type: string;
      fields: Record<string, unknown>;
    }[];
    return row ? codeName(row.qr_type, row.fields, null) : null;
  }

  private async applyScans(events: ScanEvent[], tx: EntityManager): Promise<void> {
    const days = new Map<string, DayCount>();
    const visitors = new Map<string, [string, string, string, number]>();
    const breakdowns = new Map<string, [string, string, string, string, boolean, number, number]>();
    const totals = new Map<string, { clientId: number; scans: number; bots: number; last: string }>();
    const facets = new Map<string, { scan: ScanFacts; count: number }>();
    for (const event of events) {
      const scan = scanFacts(event);
      const facetKey = [scan.qrId, scan.day, scan.visitorHash, scan.kind, ...DIMENSIONS.map((d) => scan.values[d])].join('\u0000');
      const facet = facets.get(facetKey);
      if (facet) facet.count += 1;
      else facets.set(facetKey, { scan, count: 1 });
      const { clientId, day } = scan;
      const dayKey = `${scan.qrId}|${day}`;
      let count = days.get(dayKey);
      if (!count) days.set(dayKey, (count = { qrId: scan.qrId, day, clientId, scans: 0, bots: 0 }));
      if (scan.isBot) count.bots += 1;
      else {
        count.scans += 1;
        visitors.set(`${dayKey}|${scan.visitorHash}`, [scan.qrId, day, scan.visitorHash, clientId]);
      }
      for (const dimension of DIMENSIONS) {
        const value = scan.values[dimension];
        const key = `${dayKey}|${dimension}|${value}|${scan.isBot ? 1 : 0}`;
        const row = breakdowns.get(key);
        if (row) row[6] += 1;
        else breakdowns.set(key, [scan.qrId, day, dimension, value, scan.isBot, clientId, 1]);
      }
      const total = totals.get(scan.qrId) ?? { clientId, scans: 0, bots: 0, last: scan.scannedAt };
      if (scan.isBot) total.bots += 1;
      else total.scans += 1;
      if (scan.scannedAt > total.last) total.last = scan.scannedAt;
      totals.set(scan.qrId, total);
    }

    // New visitors first: the rows actually inserted are the day's new unique visitors.
    const newVisitors = new Map<string, number>();
    if (visitors.size) {
      const rows = [...visitors.values()];
      const inserted = (await tx.query(
        `INSERT INTO scan_visitors (qr_id, day, visitor_hash, client_id)
         SELECT * FROM unnest($1::varchar[], $2::date[], $3::varchar[], $4::int[])
         ON CONFLICT DO NOTHING RETURNING qr_id, to_char(day, 'YYYY-MM-DD') AS day`,
        [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3])],
      )) as { qr_id: string; day: string }[];
      for (const row of inserted) newVisitors.set(`${row.qr_id}|${row.day}`, (newVisitors.get(`${row.qr_id}|${row.day}`) ?? 0) + 1);
    }

    const dayRows = [...days.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, row]) => ({ ...row, unique: newVisitors.get(key) ?? 0 }));
    await tx.query(
      `INSERT INTO scan_daily (qr_id, day, client_id, scans, unique_visitors, bots)
       SELECT * FROM unnest($1::varchar[], $2::date[], $3::int[], $4::int[], $5::int[], $6::int[])
       ON CONFLICT (qr_id, day) DO UPDATE SET scans = scan_daily.scans + excluded.scans,
         unique_visitors = scan_daily.unique_visitors + excluded.unique_visitors, bots = scan_daily.bots + excluded.bots`,
      [
        dayRows.map((r) => r.qrId),
        dayRows.map((r) => r.day),
        dayRows.map((r) => r.clientId),
        dayRows.map((r) => r.scans),
        dayRows.map((r) => r.unique),
        dayRows.map((r) => r.bots),
      ],
    );

    const rows = [...breakdowns.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
    await tx.query(
      `INSERT INTO scan_breakdowns (qr_id, day, dimension, value, is_bot, client_id, count)
       SELECT * FROM unnest($1::varchar[], $2::date[], $3::varchar[], $4::varchar[], $5::bool[], $6::int[], $7::int[])
       ON CONFLICT (qr_id, day, dimension, value, is_bot) DO UPDATE SET count = scan_breakdowns.count + excluded.count`,
      [
        rows.map((r) => r[0]),
        rows.map((r) => r[1]),
        rows.map((r) => r[2]),
        rows.map((r) => r[3]),
        rows.map((r) => r[4]),
        rows.map((r) => r[5]),
        rows.map((r) => r[6]),
      ],
    );

    const facetRows = [...facets.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, facet]) => facet);
    await tx.query(
      `INSERT INTO scan_facets (qr_id, day, visitor_hash, kind, country, device, os, browser, referrer, hour, route, client_id, count)
       SELECT * FROM unnest($1::varchar[], $2::date[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[],
         $8::varchar[], $9::varchar[], $10::varchar[], $11::varchar[], $12::int[], $13::int[])
       ON CONFLICT (qr_id, day, visitor_hash, kind, country, device, os, browser, referrer, hour, route)
       DO UPDATE SET count = scan_facets.count + excluded.count`,
      [
        facetRows.map((f) => f.scan.qrId),
        facetRows.map((f) => f.scan.day),
        facetRows.map((f) => f.scan.visitorHash),
        facetRows.map((f) => f.scan.kind),
        ...DIMENSIONS.map((dimension) => facetRows.map((f) => f.scan.values[dimension])),
        facetRows.map((f) => f.scan.clientId),
        facetRows.map((f) => f.count),
      ],
    );

    const totalRows = [...totals.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    await tx.query(
      `INSERT INTO scan_totals (qr_id, client_id, scans, bots, last_scanned_at)
       SELECT * FROM unnest($1::varchar[], $2::int[], $3::bigint[], $4::bigint[], $5::timestamptz[])
       ON CONFLICT (qr_id) DO UPDATE SET scans = scan_totals.scans + excluded.scans, bots = scan_totals.bots + excluded.bots,
         last_scanned_at = greatest(scan_totals.last_scanned_at, excluded.last_scanned_at)`,
      [
        totalRows.map(([qrId]) => qrId),
        totalRows.map(([, t]) => t.clientId),
        totalRows.map(([, t]) => t.scans),
        totalRows.map(([, t]) => t.bots),
        totalRows.map(([, t]) => t.last),
      ],
    );
  }

  /**
   * Rebuild: scans are parked in an unlogged staging table, one row each, and summed once at the end. The tables that
   * sum fills lose their keys and indexes until then: filling an indexed table row by row cost about twice as much as
   * filling it bare and building the index once (measured on scan_breakdowns: 1.76 s against 0.61 + 0.48 s).
   */
  async prepareBulk(tx: EntityManager): Promise<void> {
    const schema = await rebuildSchema(tx);
    for (const table of SUMMED_TABLES) {
      const constraints = (await tx.query(
        `SELECT conname FROM pg_constraint WHERE conrelid = $1::regclass AND contype IN ('p', 'u', 'x')`,
        [`${ident(schema)}.${ident(table)}`],
      )) as { conname: string }[];
      for (const { conname } of constraints)
        await tx.query(`ALTER TABLE ${ident(schema)}.${ident(table)} DROP CONSTRAINT ${ident(conname)}`);
      const indexes = (await tx.query('SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND tablename = $2', [schema, table])) as {
        indexname: string;
      }[];
      for (const { indexname } of indexes) await tx.query(`DROP INDEX ${ident(schema)}.${ident(indexname)}`);
    }
    await tx.query(CREATE_SCAN_FACTS);
  }

  async applyBulk(events: RecordedEvent[], tx: EntityManager): Promise<void> {
    let start = 0;
    for (const [index, event] of events.entries()) {
      if (!VISITOR_HASH_EVENTS.has(event)) continue;
      await this.stageBetweenCutoffs(events.slice(start, index), tx);
      // The scans staged so far are those the live run had folded when it met the cutoff.
      await tx.query(renameVisitors('scan_facts', 'scan_facts'), [event.data.before]);
      start = index + 1;
    }
    await this.stageBetweenCutoffs(start ? events.slice(start) : events, tx);
  }

  private async stageBetweenCutoffs(events: RecordedEvent[], tx: EntityManager): Promise<void> {
    const scans = SCAN_EVENTS.among(events);
    if (scans.length < events.length)
      await this.applyBetweenCutoffs(
        events.filter((event) => !SCAN_EVENTS.has(event)),
        tx,
      );
    if (!scans.length) return;
    const facts = scans.map(scanFacts);
    await tx.query(
      `INSERT INTO scan_facts SELECT * FROM unnest($1::varchar[], $2::date[], $3::int[], $4::bool[], $5::varchar[], $6::timestamptz[],
         $7::varchar[], $8::varchar[], $9::varchar[], $10::varchar[], $11::varchar[], $12::varchar[], $13::varchar[], $14::varchar[])`,
      [
        facts.map((f) => f.qrId),
        facts.map((f) => f.day),
        facts.map((f) => f.clientId),
        facts.map((f) => f.isBot),
        facts.map((f) => f.visitorHash),
        facts.map((f) => f.scannedAt),
        ...DIMENSIONS.map((dimension) => facts.map((f) => f.values[dimension])),
        facts.map((f) => f.kind),
      ],
    );
  }

  /** The same sums as the live path: unique visitors are the distinct non-bot visitors of a code's day. */
  async finishBulk(tx: EntityManager): Promise<void> {
    await sumScanFacts(tx);
    await tx.query('DROP TABLE scan_facts');
    // The keys and indexes back, as the live tables have them and under their names (the swap then keeps those names).
    const schema = await rebuildSchema(tx);
    for (const table of SUMMED_TABLES) {
      const live = `public.${ident(table)}`;
      // Logged before its keys are built: SET LOGGED rewrites the table and builds every index of it again, which the
      // rebuild's own SET LOGGED (after this hook) did for each of these keys (issue 31: 2 of 22 s of a rebuild). Now
      // that one finds the table logged already and does nothing.
      await tx.query(`ALTER TABLE ${ident(schema)}.${ident(table)} SET LOGGED`);
      const constraints = (await tx.query(
        `SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = $1::regclass AND contype IN ('p', 'u', 'x')`,
        [live],
      )) as { conname: string; def: string }[];
      for (const { conname, def } of constraints)
        await tx.query(`ALTER TABLE ${ident(schema)}.${ident(table)} ADD CONSTRAINT ${ident(conname)} ${def}`);
      const indexes = (await tx.query(
        `SELECT indexdef FROM pg_indexes i WHERE schemaname = 'public' AND tablename = $1
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conrelid = $2::regclass AND c.conname = i.indexname)`,
        [table, live],
      )) as { indexdef: string }[];
      for (const { indexdef } of indexes) await tx.query(indexdef.replace(` ON public.${table} `, ` ON ${ident(schema)}.${ident(table)} `));
    }
  }

  private async applyTracking(table: 'qr_generations' | 'qr_downloads', events: TrackingEvent[], tx: EntityManager): Promise<void> {
    const rows = events.map((event) => {
      const data: QrTrackedAsRead = event.data;
      return { event, data };
    });
    const common = [
      rows.map((r) => r.event.id),
      rows.map((r) => r.event.metadata.tenantId),
      rows.map((r) => r.data.qrCodeId ?? null),
      rows.map((r) => (r.data.userId == null ? null : String(r.data.userId))),
      rows.map((r) => String(r.data.sessionId ?? '').slice(0, 255)),
      rows.map((r) => r.data.ipHash ?? null),
      rows.map((r) => r.data.userAgent ?? null),
      rows.map((r) => String(r.data.qrContent ?? '')),
      rows.map((r) => String(r.data.qrType ?? 'url').slice(0, 20)),
      rows.map((r) => r.data.capturedEmail ?? null),
      rows.map((r) => r.data.capturedName ?? null),
      rows.map((r) => r.data.referrer ?? null),
      rows.map((r) => JSON.stringify(typeFields(String(r.data.qrType ?? ''), r.data))),
      rows.map((r) => r.event.metadata.occurredAt),
    ];
    if (table === 'qr_generations') {
      await tx.query(
        `INSERT INTO qr_generations (id, client_id, qr_code_id, user_id, session_id, ip_hash, user_agent, qr_content, qr_type,
         captured_email, captured_name, referrer, type_fields, generated_at, foreground_color, background_color, has_logo)
         SELECT * FROM unnest($1::uuid[], $2::int[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::text[], $8::text[],
         $9::varchar[], $10::varchar[], $11::varchar[], $12::text[], $13::jsonb[], $14::timestamptz[], $15::varchar[], $16::varchar[],
         $17::bool[])
         ON CONFLICT (id) DO NOTHING`,
        [
          ...common,
          rows.map((r) => r.data.foregroundColor ?? null),
          rows.map((r) => r.data.backgroundColor ?? null),
          rows.map((r) => !!r.data.hasLogo),
        ],
      );
    } else {
      await tx.query(
        `INSERT INTO qr_downloads (id, client_id, qr_code_id, user_id, session_id, ip_hash, user_agent, qr_content, qr_type,
         captured_email, captured_name, referrer, type_fields, downloaded_at, download_type)
         SELECT * FROM unnest($1::uuid[], $2::int[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::text[], $8::text[],
         $9::varchar[], $10::varchar[], $11::varchar[], $12::text[], $13::jsonb[], $14::timestamptz[], $15::varchar[])
         ON CONFLICT (id) DO NOTHING`,
        [...common, rows.map((r) => r.data.downloadType ?? 'png')],
      );
    }
  }
}
