import { z } from 'zod';
import { CAMPAIGN_KINDS, type PlatformStats } from './campaign.events';

/**
 * What the campaigns routes answer, as zod schemas: `@AnswerOf` puts them into /api/docs, from which the frontend's
 * types are generated (frontend/src/api/schema.d.ts); the handlers' return types are these schemas' types.
 */

/** GET and PUT /api/account/notification-preferences: an owner's opt-outs (true: the mail is sent). */
export const notificationPreferencesAnswer = z.object({
  scanNotifications: z.boolean().meta({ description: 'The weekly scan report' }),
  pauseNotifications: z.boolean().meta({ description: 'The reminder about paused dynamic codes' }),
});
export type NotificationPreferencesAnswer = z.output<typeof notificationPreferencesAnswer>;

const count = z.number().int().min(0);
const kind = z.enum(CAMPAIGN_KINDS);

/** GET /api/newsletter/stats: the tenant's figures the newsletter manager shows ("new": the last 7 days). */
export const platformStatsAnswer = z.object({
  totalUsers: count,
  newUsers: count.meta({ description: 'Accounts created in the last 7 days' }),
  totalQRCodes: count,
  newQRCodes: count.meta({ description: 'Codes created in the last 7 days' }),
}) satisfies z.ZodType<PlatformStats>;
export type PlatformStatsAnswer = z.output<typeof platformStatsAnswer>;

/** GET /api/newsletter/recipients: how many confirmed subscribers a newsletter would reach now. */
export const recipientsAnswer = z.object({ recipientCount: count });
export type RecipientsAnswer = z.output<typeof recipientsAnswer>;

/** What each send starts: the campaign, whether this request started it, and its counts (start-campaign.command.ts). */
export const campaignStartedAnswer = z.object({
  campaignId: z.string(),
  kind,
  started: z.boolean().meta({
    description: 'false: the same request (Idempotency-Key, or same kind, subject and content within a minute) already started it',
  }),
  recipientCount: count.meta({ description: 'Who gets the mail (opted-out owners not counted)' }),
  audienceCount: count.meta({ description: 'Everyone the audience held' }),
});
export type CampaignStartedAnswer = z.output<typeof campaignStartedAnswer>;

/** POST /api/send-newsletter: the campaign and the manager's toast. */
export const newsletterSentAnswer = campaignStartedAnswer.extend({ message: z.string() });
export type NewsletterSentAnswer = z.output<typeof newsletterSentAnswer>;

/** POST /api/send-welcome-to-all: successCount is the welcome mails queued, not yet sent. */
export const welcomeSentAnswer = campaignStartedAnswer.extend({
  successCount: count.meta({ description: 'Welcome mails queued (one per active user)' }),
  totalUsers: count,
});
export type WelcomeSentAnswer = z.output<typeof welcomeSentAnswer>;

/** POST /api/send-scan-notifications and /api/send-pause-notifications. */
export const notificationsSentAnswer = welcomeSentAnswer.extend({
  message: z.string(),
  successCount: count.meta({ description: 'Owners the notification is queued for' }),
  optedOut: count.meta({ description: 'Owners left out because they opted out' }),
});
export type NotificationsSentAnswer = z.output<typeof notificationsSentAnswer>;

/** One row of GET /api/admin/campaigns (and GET /api/admin/campaigns/:id): a campaign and its mails' progress. */
export const campaignAnswer = z.object({
  id: z.string(),
  clientId: z.number().int(),
  kind,
  subject: z.string(),
  recipientCount: count,
  audienceCount: count,
  optedOut: count,
  includeStats: z.boolean(),
  startedBy: z.string().meta({ description: 'The id of the admin who started it' }),
  startedAt: z.string().meta({ description: 'An ISO 8601 time' }),
  total: count.meta({ description: "The campaign's mails in the sent ledger (0 until the dispatcher expanded it)" }),
  queued: count,
  sent: count,
  failed: count,
  skipped: count.meta({ description: 'Opted out, or gone between the start and the send' }),
});
export type CampaignRowAnswer = z.output<typeof campaignAnswer>;
