/** A campaign's mails as the ledger knows them: queued (pending or being sent), sent, failed, skipped (opted out, gone). */
export interface CampaignProgress {
  total: number;
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
}

export const NO_PROGRESS: CampaignProgress = { total: 0, queued: 0, sent: 0, failed: 0, skipped: 0 };

/**
 * The port through which campaigns learns how far its campaigns' mails got. The mail feature owns the sent ledger and
 * answers it (mail/campaign-progress.ts provides this token app-wide), so campaigns names nothing of mail while mail
 * reads campaigns' events and audiences: one direction between the two folders.
 */
export abstract class CampaignProgressQuery {
  /** Progress of each campaign by id; a campaign with no mail yet is absent (read it as NO_PROGRESS). */
  abstract of(campaignIds: string[]): Promise<Map<string, CampaignProgress>>;
}
