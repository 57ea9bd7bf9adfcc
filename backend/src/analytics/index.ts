/**
 * The analytics feature's front door: its query service. It projects codes' and scans' events; its own are the share
 * links of a code's analytics page (AnalyticsShareCreated / AnalyticsShareRevoked on `analytics-shares-{qrId}`).
 */
export { AnalyticsService, type CodeAnalytics, type ScanDayExport, type UserAnalytics } from './analytics.service';
/** The owner's share links (the data export asks for every link of theirs). */
export { ShareLinksService, type ShareLinkDto } from './share-links.service';
export type { CodeAnalyticsQuery } from './analytics.schemas';
/** The live scan feed of a code (server-sent events), a read of scans as they are ingested. */
export { LIVE_FEED_UNAVAILABLE, LiveScansService } from './live-scans.service';
/** Tenant-wide totals for the public site's stats banner (public-stats). */
export { PublicTotalsService, type PublicTotals } from './public-totals.service';
export { SHARE_EVENTS, SHARE_EVENT_TYPES, type AnalyticsShareCreated, type AnalyticsShareRevoked, type ShareEvents } from './share-links';
export { ANALYTICS_PROJECTION } from './analytics.projection';
export { scansPerCodeSql } from './scans-sql';
