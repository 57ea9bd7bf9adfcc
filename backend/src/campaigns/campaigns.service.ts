import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { usersSql, type AuthUser } from '../accounts';
import { allCodesSql } from '../codes';
import { CommandPipeline, type Evolvable } from '../command-pipeline/command-pipeline';
import { DomainError } from '../common/domain-error';
import { audienceCountSql } from './campaign-audiences';
import { CampaignProgressQuery, NO_PROGRESS } from './campaign-progress';
import { campaignIds } from './campaign-id';
import {
  campaignStream,
  notificationPreferencesStream,
  type CampaignKind,
  type CampaignStarted,
  type NotificationPreferencesChanged,
  type PlatformStats,
} from './campaign.events';
import { CAMPAIGNS_PROJECTION } from './campaigns.projection';
import type { CampaignsQuery, NotificationPreferences } from './campaigns.schemas';

export const CAMPAIGN_NOT_FOUND = 'Campaign not found';

/** What each send call answers: the campaign, whether this request started it, and its counts. */
export interface CampaignAnswer {
  campaignId: string;
  kind: CampaignKind;
  /** False: the same request (Idempotency-Key, or same kind, subject and content within a minute) already started it. */
  started: boolean;
  recipientCount: number;
  audienceCount: number;
}

const SUBJECTS: Record<Exclude<CampaignKind, 'newsletter' | 'newsletter-test'>, string> = {
  welcome: 'Welcome emails to all users',
  'scan-report': 'Weekly scan notifications',
  'pause-report': 'Paused code notifications',
};

const evolveCampaign = (state: CampaignStarted | null, event: Evolvable) =>
  event.type === 'CampaignStarted' ? (event.data as CampaignStarted) : state;

const evolvePreferences = (state: NotificationPreferencesChanged | null, event: Evolvable) =>
  event.type === 'NotificationPreferencesChanged' ? (event.data as NotificationPreferencesChanged) : state;

export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for a different campaign';

/**
 * Starts campaigns (one `CampaignStarted` each, at 'no_stream' on `campaign-{id}`: of two identical requests racing,
 * the loser re-plans, finds the winner's stream and answers its id) and reads them back with their progress.
 */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly dataSource: DataSource,
    private readonly progress: CampaignProgressQuery,
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

  async start(
    admin: AuthUser,
    kind: CampaignKind,
    request: { subject?: string; content?: string; includeStats?: boolean },
    idempotencyKey: string | null,
  ): Promise<CampaignAnswer> {
    const subject = request.subject ?? SUBJECTS[kind as keyof typeof SUBJECTS];
    const content = request.content ?? '';
    const includeStats = request.includeStats ?? false;
    const ids = campaignIds(admin.id, kind, { subject, content, includeStats }, idempotencyKey, Date.now());
    const answerOf = (data: CampaignStarted, started: boolean): CampaignAnswer => ({
      campaignId: data.campaignId,
      kind: data.kind,
      started,
      recipientCount: data.recipientCount,
      audienceCount: data.audienceCount,
    });
    return this.pipeline.execute({
      actor: { actorId: admin.id, tenantId: admin.tenantId },
      waitFor: [CAMPAIGNS_PROJECTION],
      onConflict: () => true,
      plan: async (ctx) => {
        for (const id of ids) {
          const earlier = await ctx.load(campaignStream(id), null, evolveCampaign);
          if (earlier.state) {
            const first = earlier.state;
            // As codes do: a key names one request; the same key with another campaign is refused, not answered with the first.
            const same =
              first.kind === kind && first.subject === subject && first.content === content && (first.stats !== null) === includeStats;
            if (!same) throw new DomainError('conflict', IDEMPOTENCY_KEY_REUSED);
            return { appends: [], answer: () => answerOf(first, false) };
          }
        }
        const [counts] = (await this.dataSource.query(audienceCountSql(kind), [admin.tenantId, admin.id])) as {
          audience: number;
          recipients: number;
        }[];
        const data: CampaignStarted = {
          campaignId: ids[0],
          kind,
          subject,
          content,
          stats: includeStats ? await this.stats(admin.tenantId) : null,
          recipientCount: counts.recipients,
          audienceCount: counts.audience,
          startedBy: admin.id,
          idempotencyKey,
        };
        return {
          appends: [
            { streamId: campaignStream(data.campaignId), events: [{ type: 'CampaignStarted', data }], expectedRevision: 'no_stream' },
          ],
          answer: () => answerOf(data, true),
        };
      },
    });
  }

  async list(q: CampaignsQuery, tenant: number | null) {
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

  async one(id: string, tenant: number | null) {
    const [row] = (await this.dataSource.query(
      `SELECT id, client_id, kind, subject, recipient_count, audience_count, include_stats, started_by, started_at FROM campaigns
       WHERE id = $1 AND ($2::int IS NULL OR client_id = $2)`,
      [id, tenant],
    )) as CampaignRow[];
    if (!row) throw DomainError.notFound(CAMPAIGN_NOT_FOUND);
    return view(row, (await this.progress.of([id])).get(id));
  }

  async preferences(user: AuthUser): Promise<NotificationPreferences> {
    const [row] = (await this.dataSource.query(
      'SELECT scan_notifications, pause_notifications FROM notification_preferences WHERE user_id = $1 AND client_id = $2',
      [user.id, user.tenantId],
    )) as { scan_notifications: boolean; pause_notifications: boolean }[];
    return { scanNotifications: row?.scan_notifications ?? true, pauseNotifications: row?.pause_notifications ?? true };
  }

  /** NotificationPreferencesChanged on the owner's own stream (nothing when unchanged); answers the preferences. */
  setPreferences(user: AuthUser, wanted: NotificationPreferences): Promise<NotificationPreferences> {
    const stream = notificationPreferencesStream(user.id);
    return this.pipeline.execute({
      actor: { actorId: user.id, tenantId: user.tenantId },
      waitFor: [CAMPAIGNS_PROJECTION],
      plan: async (ctx) => {
        const loaded = await ctx.load(stream, null, evolvePreferences);
        const current = loaded.state ?? { scanNotifications: true, pauseNotifications: true };
        const same = current.scanNotifications === wanted.scanNotifications && current.pauseNotifications === wanted.pauseNotifications;
        const events = same ? [] : [{ type: 'NotificationPreferencesChanged', data: { userId: user.id, ...wanted } }];
        return { appends: [{ streamId: stream, events }], answer: () => ({ ...wanted }) };
      },
    });
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

function view(row: CampaignRow, progress = NO_PROGRESS) {
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
