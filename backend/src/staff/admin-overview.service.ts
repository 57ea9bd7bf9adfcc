import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AnalyticsService } from '../analytics';
import type { EventStore } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { MailLedgerQuery } from '../mail';
import { ProjectionRecords } from '../projections/projection-records';
import { ProjectionsService } from '../projections/projections.service';
import type { AdminOverviewAnswer } from './staff.answers';

/** The start of today in UTC, as a timestamptz. */
const UTC_TODAY = "(date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')";

/** How many UTC days the sign-ups chart covers, today included. */
export const SIGNUP_DAYS = 14;

/**
 * GET /api/admin/overview: the figures staff look at first, on the console's home (issue 30 item 6; the answer's fields
 * are described in staff.answers.ts). Users and codes come from the lists the audit projection keeps (this feature's tables);
 * scans, mails and projections from their owners' ports. `tenant` is the caller's reach: null for every tenant.
 */
@Injectable()
export class AdminOverviewService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly analytics: AnalyticsService,
    private readonly mail: MailLedgerQuery,
    private readonly projections: ProjectionsService,
    private readonly records: ProjectionRecords,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async overview(tenant: number | null): Promise<AdminOverviewAnswer> {
    const [users, codes, signupsPerDay, scansToday, mailsQueued, projectionsBehind] = await Promise.all([
      this.newUsers(tenant),
      this.codeCount(tenant),
      this.signups(tenant),
      this.analytics.scansToday(tenant),
      this.mail.queuedCount(tenant),
      tenant === null ? this.projectionsBehind() : Promise.resolve(null),
    ]);
    return { ...users, codes, scansToday, mailsQueued, projectionsBehind, signupsPerDay };
  }

  private async newUsers(tenant: number | null): Promise<{ newUsersToday: number; newUsers7d: number }> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE created_at >= ${UTC_TODAY})::int AS today,
              count(*)::int AS week
       FROM staff_users WHERE created_at >= ${UTC_TODAY} - interval '6 days' AND ($1::int IS NULL OR client_id = $1)`,
      [tenant],
    )) as { today: number; week: number }[];
    return { newUsersToday: row?.today ?? 0, newUsers7d: row?.week ?? 0 };
  }

  private async codeCount(tenant: number | null): Promise<number> {
    const [row] = (await this.dataSource.query(
      'SELECT count(*)::int AS n FROM staff_codes WHERE NOT is_deleted AND ($1::int IS NULL OR client_id = $1)',
      [tenant],
    )) as { n: number }[];
    return row?.n ?? 0;
  }

  private async signups(tenant: number | null): Promise<{ day: string; count: number }[]> {
    return (await this.dataSource.query(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(u.id)::int AS count
       FROM generate_series(${UTC_TODAY} - interval '${SIGNUP_DAYS - 1} days', ${UTC_TODAY}, interval '1 day') AS d(day)
       LEFT JOIN staff_users u
         ON u.created_at >= d.day AND u.created_at < d.day + interval '1 day' AND ($1::int IS NULL OR u.client_id = $1)
       GROUP BY d.day ORDER BY d.day`,
      [tenant],
    )) as { day: string; count: number }[];
  }

  /** Projections whose checkpoint is behind the store's last event (as the Operations page counts them: lag > 0). */
  private async projectionsBehind(): Promise<number> {
    const names = this.projections.list().map((projection) => projection.name);
    const checkpoints = await this.records.checkpoints(names);
    let behind = 0;
    for (const name of names) {
      const checkpoint = checkpoints.find((row) => row.name === name);
      const lag = await this.store.lag({ commit: BigInt(checkpoint?.commit ?? '-1'), prepare: BigInt(checkpoint?.prepare ?? '-1') });
      if (lag?.events) behind += 1;
    }
    return behind;
  }
}
