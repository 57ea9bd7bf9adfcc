/**
 * The campaigns feature's front door (issue 22): its events and its audiences, which the mail dispatcher uses to
 * expand a CampaignStarted into one mail per recipient.
 */
export * from './campaign.events';
export { audienceSql, MAIL_KIND_OF } from './campaign-audiences';
