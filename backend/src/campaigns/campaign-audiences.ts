import { usersSql } from '../accounts';
import { scansPerCodeSql } from '../analytics';
import { dynamicCodesSql } from '../codes';
import { confirmedSubscribersSql } from '../newsletter-signup';
import type { CampaignKind } from './campaign.events';

/**
 * Who a campaign goes to, as one SQL query per kind over the owners' read models ($1 = tenant, $2 = the admin for a
 * test). Each owner builds and owns its fragment (accounts' usersSql, codes' dynamicCodesSql, analytics'
 * scansPerCodeSql, newsletter-signup's confirmedSubscribersSql): campaigns names only its own notification_preferences,
 * and the audience stays one set-based query (docs/decisions.md, issue 29 item 1).
 * Each row: `recipient` (an address, or `user:{id}` whose address the mail sender reads), `opted_out` (an owner who
 * turned the notification off: recorded as skipped and counted), and `extra` (the row's own template data). The same
 * query counts the audience when the campaign starts and expands it in the mail dispatcher.
 */
export function audienceSql(kind: CampaignKind): string {
  switch (kind) {
    case 'newsletter':
      return `SELECT n.email AS recipient, false AS opted_out, '{}'::jsonb AS extra FROM (${confirmedSubscribersSql('$1')}) n
              WHERE $2::text IS NOT NULL`;
    case 'newsletter-test':
      return `SELECT 'user:' || u.id AS recipient, false AS opted_out, '{}'::jsonb AS extra FROM (${usersSql('$1')}) u
              WHERE u.id::text = $2::text`;
    case 'welcome':
      return `SELECT 'user:' || u.id AS recipient, false AS opted_out, jsonb_build_object('firstName', u.first_name) AS extra
              FROM (${usersSql('$1')}) u WHERE NOT u.is_deleted AND NOT u.is_disabled AND $2::text IS NOT NULL`;
    case 'scan-report':
      return `SELECT 'user:' || d.user_id AS recipient, coalesce(NOT p.scan_notifications, false) AS opted_out,
                jsonb_build_object(
                  'codes', jsonb_agg(jsonb_build_object('id', d.id, 'name', coalesce(d.name, d.short_code), 'shortCode', d.short_code,
                    'scans', coalesce(s.scans, 0)) ORDER BY coalesce(s.scans, 0) DESC, d.created_at),
                  'totalScans', sum(coalesce(s.scans, 0))) AS extra
              FROM (${dynamicCodesSql('$1')}) d
              JOIN (${usersSql('$1')}) u ON u.id = d.user_id AND NOT u.is_deleted AND NOT u.is_disabled
              LEFT JOIN (${scansPerCodeSql('$1', 7)}) s ON s.qr_id = d.id::text
              LEFT JOIN notification_preferences p ON p.user_id = d.user_id
              WHERE NOT d.is_deleted AND $2::text IS NOT NULL
              GROUP BY d.user_id, p.scan_notifications`;
    case 'pause-report':
      return `SELECT 'user:' || d.user_id AS recipient, coalesce(NOT p.pause_notifications, false) AS opted_out,
                jsonb_build_object(
                  'codes', jsonb_agg(jsonb_build_object('id', d.id, 'name', coalesce(d.name, d.short_code), 'shortCode', d.short_code,
                    'pausedAt', d.paused_at) ORDER BY d.paused_at, d.created_at),
                  'pausedCount', count(*)) AS extra
              FROM (${dynamicCodesSql('$1')}) d
              JOIN (${usersSql('$1')}) u ON u.id = d.user_id AND NOT u.is_deleted AND NOT u.is_disabled
              LEFT JOIN notification_preferences p ON p.user_id = d.user_id
              WHERE NOT d.is_deleted AND d.is_paused AND NOT d.is_suspended AND $2::text IS NOT NULL
              GROUP BY d.user_id, p.pause_notifications`;
  }
}

/** How many an audience holds, and how many of them get the mail (the rest opted out). */
export function audienceCountSql(kind: CampaignKind): string {
  return `SELECT count(*)::int AS audience, (count(*) FILTER (WHERE NOT a.opted_out))::int AS recipients FROM (${audienceSql(kind)}) a`;
}

/** The mail kind (template) of each campaign kind. */
export const MAIL_KIND_OF: Record<CampaignKind, 'newsletter' | 'welcome' | 'scan-report' | 'pause-report'> = {
  newsletter: 'newsletter',
  'newsletter-test': 'newsletter',
  welcome: 'welcome',
  'scan-report': 'scan-report',
  'pause-report': 'pause-report',
};
