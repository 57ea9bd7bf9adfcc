/**
 * Events of the campaigns feature (issue 22). A campaign is one decision, `CampaignStarted` on `campaign-{id}` (its
 * data names the campaign's id); the mail dispatcher expands it into one ledger row per recipient, resolved from
 * the read models at that moment. Owners' opt-outs are `NotificationPreferencesChanged` on
 * `notification-preferences-{userId}`.
 */
import { eventCatalogue } from '../event-store/typed-events';

export const CAMPAIGN_KINDS = ['newsletter', 'newsletter-test', 'welcome', 'scan-report', 'pause-report'] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];

export interface PlatformStats {
  totalUsers: number;
  newUsers: number;
  totalQRCodes: number;
  newQRCodes: number;
}

export interface CampaignStarted {
  campaignId: string;
  kind: CampaignKind;
  /** The newsletter's subject; the other kinds' fixed subject line (for the console's list). */
  subject: string;
  /** The newsletter's text (empty for the other kinds). */
  content: string;
  /** The platform figures a newsletter with includeStats appends (taken once, when the campaign started). */
  stats: PlatformStats | null;
  /** Recipients the campaign was started for (opted-out owners not counted), and everyone the audience held. */
  recipientCount: number;
  audienceCount: number;
  /** The admin who started it. */
  startedBy: string;
  /** The request's Idempotency-Key, when it had one. */
  idempotencyKey: string | null;
}

export interface NotificationPreferencesChanged {
  userId: string;
  /** False: the owner opted out of the weekly scan report. */
  scanNotifications: boolean;
  /** False: the owner opted out of the paused-codes reminder. */
  pauseNotifications: boolean;
}

export interface CampaignEvents {
  CampaignStarted: CampaignStarted;
}
export interface NotificationPreferencesEvents {
  NotificationPreferencesChanged: NotificationPreferencesChanged;
}
export const CAMPAIGN_EVENTS = eventCatalogue<CampaignEvents>({ CampaignStarted: true });
export const NOTIFICATION_PREFERENCES_EVENTS = eventCatalogue<NotificationPreferencesEvents>({ NotificationPreferencesChanged: true });
export const CAMPAIGN_EVENT_TYPES = CAMPAIGN_EVENTS.types;
export const NOTIFICATION_PREFERENCES_EVENT_TYPES = NOTIFICATION_PREFERENCES_EVENTS.types;

export const campaignStream = (id: string) => `campaign-${id}`;
export const notificationPreferencesStream = (userId: string) => `notification-preferences-${userId}`;
