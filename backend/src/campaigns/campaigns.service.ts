import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { usersSql, type AuthUser } from '../accounts';
import { allCodesSql } from '../codes';
import { DomainError } from '../common/domain-error';
import { audienceCountSql } from './campaign-audiences';
import { CampaignProgressQuery, NO_PROGRESS } from './campaign-progress';
import type { CampaignKind, PlatformStats } from './campaign.events';
import type { CampaignRowAnswer } from './campaigns.answers';
import type { CampaignsQuery, NotificationPreferences } from './campaigns.schemas';
import { NotificationPreferencesQuery } from './notification-preferences.query';

export const CAMPAIGN_NOT_FOUND = 'Campaign not found';

/**
 * The campaigns' reads: the platform figures, an audience's size (over the owners' SQL fragments, campaign-audiences.ts),
 * the console's list with each campaign's progress, and an owner's preferences. The writes are commands
 * (start-campaign.command.ts, set-notification-preferences.command.ts).
 */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly progress: CampaignProgressQuery,
    private readonly preferencesQuery: NotificationPreferencesQuery,
  ) {}

  /** Core spec: totalUsers, newUsers, totalQRCodes, newQRCodes of the tenant; "new" is the last 7 days. */
  async stats(tenantId: number): Promise<PlatformStats> {
    const [row] = (await this.dataSource.query(
      `SELECT
         (SELECT count(*) FROM (${usersSql('$1')}) u WHERE NOT u.is_deleted)::int AS "totalUsers",
         (SELECT count(*) FROM (${usersSql('$1')}) u WHERE NOT u.is_deleted
            AND u.created_at >= now() - interval '7 days')::int AS "newUsers",
         (SELECT count(*) FROM (${allCodesSql('$1')}) c WHERE NOT c.is_deleted)::int AS "totalQRCodes",
         (SELECT count(*) FROM (${allCodesSql('$1')}) c WHERE NOT c.is_deleted
            AND c.created_at >= now() - interval '7 days')::int AS "newQRCodes"`,
      [tenantId],
    )) as PlatformStats[];
    return row;
  }

  /** How many the kind's audience holds now, and how many of them get the mail ($2: the admin, for a test send). */
  async audienceCount(kind: CampaignKind, tenantId: number, adminId: string): Promise<{ audienceCount: number; recipientCount: number }> {
    const [counts] = (await this.dataSource.query(audienceCountSql(kind), [tenantId, adminId])) as {
      audience: number;
      recipients: number;
    }[];
    return { audienceCount: counts.audience, recipientCount: counts.recipients };
  }

  async list(q: CampaignsQuery, tenant: number | null): Promise<{ rows: CampaignRowAnswer[]; total: number }> {
    const column = { startedAt: 'started_at', recipientCount: 'recipient_count', kind: 'kind' }[q.sort.field];
    const params: unknown[] = [tenant, q.filter.kind ?? null];
    const where = `($1::int IS NULL OR client_id = $1) AND ($2::text IS NULL OR kind = $2)`;
    const [rows, [{ total }]] = (await Promise.all([
      this.dataSource.query(
        `SELECT id, client_id, kind, subject, recipient_count, audience_count, include_stats, started_by, started_at FROM campaigns
         WHERE ${where} ORDER BY ${column} ${q.sort.order}, id LIMIT ${q.range.limit} OFFSET ${q.range.offset}`,
        params,
      ),
      this.dataSource.query(`SELECT count(*)::int AS total FROM campaigns WHERE ${where}`, params),
    ])) as [CampaignRow[], { total: number }[]];
    const progress = await this.progress.of(rows.map((row) => row.id));
    return { rows: rows.map((row) => view(row, progress.get(row.id))), total };
  }

  async one(id: string, tenant: number | null): Promise<CampaignRowAnswer> {
    const [row] = (await this.dataSource.query(
      `SELECT id, client_id, kind, subject, recipient_count, audience_count, include_stats, started_by, started_at FROM campaigns
       WHERE id = $1 AND ($2::int IS NULL OR client_id = $2)`,
      [id, tenant],
    )) as CampaignRow[];
    if (!row) throw DomainError.notFound(CAMPAIGN_NOT_FOUND);
    return view(row, (await this.progress.of([id])).get(id));
  }

  preferences(user: AuthUser): Promise<NotificationPreferences> {
    return this.preferencesQuery.of(user);
  }
}

interface CampaignRow {
  id: string;
  client_id: number;
  kind: CampaignKind;
  subject: string;
  recipient_count: number;
  audience_count: number;
  include_stats: boolean;
  started_by: string;
  started_at: Date;
}

function view(row: CampaignRow, progress = NO_PROGRESS): CampaignRowAnswer {
  return {
    id: row.id,
    clientId: row.client_id,
    kind: row.kind,
    subject: row.subject,
    recipientCount: row.recipient_count,
    audienceCount: row.audience_count,
    optedOut: row.audience_count - row.recipient_count,
    includeStats: row.include_stats,
    startedBy: row.started_by,
    startedAt: new Date(row.started_at).toISOString(),
    ...progress,
  };
}
