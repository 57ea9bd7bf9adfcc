import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../accounts';
import { DomainError } from '../command-pipeline/domain-error';
import { Dimension, DIMENSIONS } from './analytics.projection';
import type { CodeAnalyticsQuery } from './analytics.schemas';

export interface UserAnalytics {
  overview: {
    totalQrCodes: number;
    totalScans: number;
    totalDownloads: number;
    totalGenerations: number;
    staticQrCodes: number;
    dynamicQrCodes: number;
  };
  qrTypeDistribution: Record<string, number>;
  recentActivity: { generations: number; downloads: number };
  topPerformingQrCodes: { id: string; name: string; type: string; downloads: number; generations: number }[];
  dynamicQrPerformance: { id: string; name: string; scans: number }[];
}

export interface CodeAnalytics {
  qrId: string;
  shortCode: string | null;
  from: string;
  to: string;
  /** true: bot and link-preview hits are counted in scans and breakdowns too. */
  bots: boolean;
  totals: { scans: number; uniqueVisitors: number; bots: number };
  daily: { date: string; scans: number; uniqueVisitors: number; bots: number }[];
  breakdowns: Record<Dimension, { value: string; count: number }[]>;
}

export const CODE_NOT_FOUND = 'QR code not found';
const RECENT_DAYS = 30;
const TOP = 3;
const MAX_RANGE_DAYS = 3660;
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Reads of the analytics tables, always scoped to the signed-in user's tenant and codes. */
@Injectable()
export class AnalyticsService {
  constructor(private readonly dataSource: DataSource) {}

  async userAnalytics(user: AuthUser): Promise<UserAnalytics> {
    const owner = [user.tenantId, String(user.id)];
    const since = new Date(Date.now() - RECENT_DAYS * DAY_MS).toISOString();
    const [codes, generations, downloads] = await Promise.all([
      this.dataSource.query(
        `SELECT c.qr_id, c.mode, c.qr_type, c.name, coalesce(t.scans, 0)::bigint AS scans
         FROM analytics_codes c LEFT JOIN scan_totals t ON t.qr_id = c.qr_id
         WHERE c.client_id = $1 AND c.user_id = $2 AND NOT c.is_deleted
         ORDER BY c.created_at DESC, c.qr_id`,
        owner,
      ) as Promise<{ qr_id: string; mode: string; qr_type: string; name: string; scans: string }[]>,
      this.trackingCounts('qr_generations', 'generated_at', owner, since),
      this.trackingCounts('qr_downloads', 'downloaded_at', owner, since),
    ]);
    const qrTypeDistribution: Record<string, number> = {};
    for (const code of codes) qrTypeDistribution[code.qr_type] = (qrTypeDistribution[code.qr_type] ?? 0) + 1;
    const dynamic = codes.filter((code) => code.mode === 'dynamic');
    const byCode = (counts: Map<string, number>, id: string) => counts.get(id) ?? 0;
    const top = codes
      .map((code) => ({
        id: code.qr_id,
        name: code.name,
        type: code.qr_type,
        downloads: byCode(downloads.perCode, code.qr_id),
        generations: byCode(generations.perCode, code.qr_id),
      }))
      .sort((a, b) => b.downloads + b.generations - (a.downloads + a.generations));
    const performance = dynamic
      .map((code) => ({ id: code.qr_id, name: code.name, scans: Number(code.scans) }))
      .sort((a, b) => b.scans - a.scans);
    return {
      overview: {
        totalQrCodes: codes.length,
        totalScans: codes.reduce((sum, code) => sum + Number(code.scans), 0),
        totalDownloads: downloads.total,
        totalGenerations: generations.total,
        staticQrCodes: codes.length - dynamic.length,
        dynamicQrCodes: dynamic.length,
      },
      qrTypeDistribution,
      recentActivity: { generations: generations.recent, downloads: downloads.recent },
      topPerformingQrCodes: top.slice(0, TOP),
      dynamicQrPerformance: performance.slice(0, TOP),
    };
  }

  private async trackingCounts(table: 'qr_generations' | 'qr_downloads', column: string, owner: unknown[], since: string) {
    const rows = (await this.dataSource.query(
      `SELECT qr_code_id, count(*)::int AS total, count(*) FILTER (WHERE ${column} >= $3)::int AS recent
       FROM ${table} WHERE client_id = $1 AND user_id = $2 GROUP BY qr_code_id`,
      [...owner, since],
    )) as { qr_code_id: string | null; total: number; recent: number }[];
    const perCode = new Map<string, number>();
    let total = 0;
    let recent = 0;
    for (const row of rows) {
      total += row.total;
      recent += row.recent;
      if (row.qr_code_id) perCode.set(row.qr_code_id, row.total);
    }
    return { total, recent, perCode };
  }

  /** The code if the user owns it; 404 otherwise (never tell others' codes from missing ones). */
  async ownedCode(user: AuthUser, qrId: string): Promise<{ qrId: string; shortCode: string | null }> {
    const [row] = (await this.dataSource.query(
      'SELECT qr_id, short_code FROM analytics_codes WHERE qr_id = $1 AND client_id = $2 AND user_id = $3 AND NOT is_deleted',
      [qrId.slice(0, 64), user.tenantId, String(user.id)],
    )) as { qr_id: string; short_code: string | null }[];
    if (!row) throw DomainError.notFound(CODE_NOT_FOUND);
    return { qrId: row.qr_id, shortCode: row.short_code };
  }

  async codeAnalytics(user: AuthUser, qrId: string, query: CodeAnalyticsQuery): Promise<CodeAnalytics> {
    const code = await this.ownedCode(user, qrId);
    const toMs = query.to ?? Date.parse(`${isoDay(Date.now())}T00:00:00Z`);
    const fromMs = query.from ?? toMs - (RECENT_DAYS - 1) * DAY_MS;
    if (fromMs > toMs) throw DomainError.invalid('from must not be after to', 'from');
    if ((toMs - fromMs) / DAY_MS >= MAX_RANGE_DAYS) throw DomainError.invalid(`The period can span at most ${MAX_RANGE_DAYS} days`, 'from');
    const withBots = query.bots;
    const from = isoDay(fromMs);
    const to = isoDay(toMs);
    const [dailyRows, breakdownRows] = await Promise.all([
      this.dataSource.query(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, scans, unique_visitors, bots FROM scan_daily
         WHERE qr_id = $1 AND client_id = $2 AND day BETWEEN $3 AND $4 ORDER BY day`,
        [code.qrId, user.tenantId, from, to],
      ) as Promise<{ day: string; scans: number; unique_visitors: number; bots: number }[]>,
      this.dataSource.query(
        `SELECT dimension, value, sum(count)::bigint AS count FROM scan_breakdowns
         WHERE qr_id = $1 AND client_id = $2 AND day BETWEEN $3 AND $4 AND ($5 OR NOT is_bot)
         GROUP BY dimension, value ORDER BY dimension, count DESC, value`,
        [code.qrId, user.tenantId, from, to, withBots],
      ) as Promise<{ dimension: Dimension; value: string; count: string }[]>,
    ]);
    const byDay = new Map(dailyRows.map((row) => [row.day, row]));
    const daily: CodeAnalytics['daily'] = [];
    const totals = { scans: 0, uniqueVisitors: 0, bots: 0 };
    for (let ms = fromMs; ms <= toMs; ms += DAY_MS) {
      const date = isoDay(ms);
      const row = byDay.get(date);
      const entry = {
        date,
        scans: row ? row.scans + (withBots ? row.bots : 0) : 0,
        uniqueVisitors: row?.unique_visitors ?? 0,
        bots: row?.bots ?? 0,
      };
      totals.scans += entry.scans;
      totals.uniqueVisitors += entry.uniqueVisitors;
      totals.bots += entry.bots;
      daily.push(entry);
    }
    const breakdowns = Object.fromEntries(
      DIMENSIONS.map((dimension) => [dimension, [] as { value: string; count: number }[]]),
    ) as CodeAnalytics['breakdowns'];
    for (const row of breakdownRows) breakdowns[row.dimension]?.push({ value: row.value, count: Number(row.count) });
    breakdowns.hour.sort((a, b) => (a.value < b.value ? -1 : 1));
    return { qrId: code.qrId, shortCode: code.shortCode, from, to, bots: withBots, totals, daily, breakdowns };
  }

  /** The same answer as CSV: the daily series, then every breakdown, one long table a spreadsheet can pivot. */
  async codeAnalyticsCsv(user: AuthUser, qrId: string, query: CodeAnalyticsQuery): Promise<string> {
    const analytics = await this.codeAnalytics(user, qrId, query);
    const cell = (value: string | number) => {
      const text = String(value);
      const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text; // no formula injection into spreadsheets
      return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    };
    const lines = ['section,date,value,scans,unique_visitors,bots'];
    for (const day of analytics.daily) lines.push(['daily', day.date, '', day.scans, day.uniqueVisitors, day.bots].map(cell).join(','));
    for (const dimension of DIMENSIONS) {
      for (const row of analytics.breakdowns[dimension])
        lines.push([dimension, `${analytics.from}..${analytics.to}`, row.value, row.count, '', ''].map(cell).join(','));
    }
    return `${lines.join('\r\n')}\r\n`;
  }
}
