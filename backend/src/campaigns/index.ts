/**
 * The campaigns feature's front door (issue 22): its events, its audiences, which the mail dispatcher uses to expand a
 * CampaignStarted into one mail per recipient, and the progress port the mail feature answers from its ledger.
 */
export * from './campaign.events';
export { audienceSql, MAIL_KIND_OF } from './campaign-audiences';
export { CampaignProgressQuery, NO_PROGRESS, type CampaignProgress } from './campaign-progress';
export { CAMPAIGNS_PROJECTION } from './campaigns.projection';
/** An owner's report opt-outs (the data export asks for them). */
export { NotificationPreferencesQuery } from './notification-preferences.query';
export type { NotificationPreferences } from './campaigns.schemas';
