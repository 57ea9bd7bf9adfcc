import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A campaign's mails as the ledger knows them: queued (pending or being sent), sent, failed, skipped (opted out, gone). */
export interface CampaignProgress {
  total: number;
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
}

export const NO_PROGRESS: CampaignProgress = { total: 0, queued: 0, sent: 0, failed: 0, skipped: 0 };

/** Progress of campaigns from the sent ledger, grouped by source (a campaign's mails carry its id as their source). */
@Injectable()
export class CampaignProgressQuery {
  constructor(private readonly dataSource: DataSource) {}

  async of(campaignIds: string[]): Promise<Map<string, CampaignProgress>> {
    if (!campaignIds.length) return new Map();
    const rows = (await this.dataSource.query(
      `SELECT source_id, count(*)::int AS total,
         (count(*) FILTER (WHERE status IN ('pending', 'sending')))::int AS queued,
         (count(*) FILTER (WHERE status = 'sent'))::int AS sent,
         (count(*) FILTER (WHERE status = 'failed'))::int AS failed,
         (count(*) FILTER (WHERE status = 'skipped'))::int AS skipped
       FROM mail_ledger WHERE source_id = ANY($1::text[]) GROUP BY source_id`,
      [campaignIds],
    )) as ({ source_id: string } & CampaignProgress)[];
    return new Map(rows.map(({ source_id, ...progress }) => [source_id, progress]));
  }
}
