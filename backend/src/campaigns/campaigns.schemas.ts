import { z } from 'zod';
import { text } from '../common/input';
import { listQuery } from '../common/list-query';
import { CAMPAIGN_KINDS } from './campaign.events';

/** Core spec section 5: both fields non-blank. */
export const NEWSLETTER_FIELDS_REQUIRED = 'Please provide both subject and content for the newsletter.';
const required = { minMessage: NEWSLETTER_FIELDS_REQUIRED, typeMessage: NEWSLETTER_FIELDS_REQUIRED, min: 1 };

export const sendNewsletterSchema = z.object({
  subject: text({ label: 'Subject', max: 200, ...required }),
  content: text({ label: 'Content', max: 50_000, multiline: true, ...required }),
  includeStats: z.boolean({ error: 'includeStats must be true or false' }).optional().default(false),
  /** A test send: to the admin alone. */
  test: z.boolean({ error: 'test must be true or false' }).optional().default(false),
});
export type SendNewsletter = z.output<typeof sendNewsletterSchema>;

export const notificationPreferencesSchema = z.strictObject({
  scanNotifications: z.boolean({ error: 'scanNotifications must be true or false' }),
  pauseNotifications: z.boolean({ error: 'pauseNotifications must be true or false' }),
});
export type NotificationPreferences = z.output<typeof notificationPreferencesSchema>;

export const campaignsQuery = listQuery({
  sortable: ['startedAt', 'recipientCount', 'kind'] as const,
  defaultSort: { field: 'startedAt', order: 'DESC' },
  filter: z.strictObject({ kind: z.enum(CAMPAIGN_KINDS).optional() }),
  maxPage: 100,
});
export type CampaignsQuery = z.output<typeof campaignsQuery>;
