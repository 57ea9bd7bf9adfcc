/** Pure helpers of the analytics projection: names, referrer hosts, the per-type fields of tracking rows. */
import { codeDisplayName } from '@qrsharks/qr-core';
import type { QrTracked } from '../codes';
import { PREVIEW_FETCHERS } from '../scans';

/**
 * QrGenerated / QrDownloaded data as analytics reads it: the codes feature's QrTracked, and the columns of the spec's
 * tracking tables no event of ours fills (read when present, null otherwise). Every QrTracked is one of these.
 */
export type QrTrackedAsRead = QrTracked & {
  capturedEmail?: string | null;
  capturedName?: string | null;
  fields?: Record<string, unknown>;
};

/** A code's display name (issue 30 item 1): the one function of qr-core, so analytics names a code as every screen does. */
export function codeName(qrType: string, fields: Record<string, unknown>, destination: string | null, name: string | null = null): string {
  return codeDisplayName({ qrType, fields, destination, name });
}

/** Referrer breakdown value: the referring host, '(direct)' without a referrer, '(other)' when unparsable. */
export function referrerHost(referrer: string | null): string {
  if (!referrer) return '(direct)';
  try {
    return new URL(referrer).hostname.toLowerCase() || '(other)';
  } catch {
    return '(other)';
  }
}

/**
 * The type's own fields that the spec's per-type tables held (websiteUrl, urlDomain, urlPath for website;
 * the form fields for the others): from the event's fields, or the content itself.
 */
export function typeFields(qrType: string, data: Pick<QrTrackedAsRead, 'qrContent' | 'fields'>): Record<string, unknown> {
  if (data.fields && typeof data.fields === 'object') return data.fields;
  const content = data.qrContent ?? '';
  if (qrType === 'url') {
    try {
      const url = new URL(content);
      return { websiteUrl: content, urlDomain: url.hostname, urlPath: url.pathname };
    } catch {
      return { websiteUrl: content };
    }
  }
  try {
    const parsed: unknown = JSON.parse(content);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // plain encoded content: nothing more to split out
  }
  return {};
}

/** human: a person; preview: a link-preview fetcher (a HEAD request, or a chat or social app unfurling the link); bot: any other. */
export type ScanKind = 'human' | 'bot' | 'preview';

const PREVIEWS = new Set<string>(PREVIEW_FETCHERS);

export function scanKind(scan: { isBot: boolean; botReason?: string | null; browser?: string | null }): ScanKind {
  if (!scan.isBot) return 'human';
  if (scan.botReason === 'head-request' || PREVIEWS.has(scan.browser ?? '')) return 'preview';
  return 'bot';
}
