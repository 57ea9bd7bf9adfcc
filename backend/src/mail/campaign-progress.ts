import { Global, Injectable, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CampaignProgressQuery, type CampaignProgress } from '../campaigns';

/** Progress of campaigns from the sent ledger, grouped by source (a campaign's mails carry its id as their source). */
@Injectable()
export class LedgerCampaignProgress extends CampaignProgressQuery {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

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

/** Answers campaigns' CampaignProgressQuery port from the ledger, for every module (campaigns does not import mail). */
@Global()
@Module({
  providers: [{ provide: CampaignProgressQuery, useClass: LedgerCampaignProgress }],
  exports: [CampaignProgressQuery],
})
export class CampaignProgressModule {}
