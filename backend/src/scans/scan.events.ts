/**
 * Events this feature reads and writes. The Qr* events belong to the codes feature (stream `qr-{qrId}`); only
 * the fields read here are typed. `Scanned` is ours (stream `scans-{qrId}`, event id = scan id).
 */
export interface QrCreated {
  qrId: string;
  userId: string | number | null;
  mode: 'static' | 'dynamic';
  qrType: string;
  shortCode: string | null;
  destination: string | null;
  fields: Record<string, unknown>;
}
export interface QrDestinationChanged {
  qrId: string;
  /** '' when the code had no destination (served by its hosted page). */
  before: string;
  after: string;
}
export interface QrContentChanged {
  qrId: string;
  before: unknown;
  after: unknown;
}
export interface QrRef {
  qrId: string;
}

/** Types whose content is itself a web address (as the codes feature defines them): they redirect. */
export const URL_TYPES: readonly string[] = ['url', 'social', 'ratings', 'apps'];

export const QR_EVENT_TYPES = ['QrCreated', 'QrDestinationChanged', 'QrContentChanged', 'QrPaused', 'QrResumed', 'QrDeleted'] as const;

export type BotReason = 'head-request' | 'user-agent' | 'no-user-agent' | null;

export interface Scanned {
  scanId: string;
  qrId: string;
  shortCode: string;
  /** ISO-8601, the moment the redirect answered. */
  scannedAt: string;
  /** Salted SHA-256 of IP + user agent + UTC day: counts unique visitors per day, identifies nobody. */
  visitorHash: string;
  /** desktop, mobile, tablet, smarttv, console, wearable, embedded, xr, or 'unknown'. */
  device: string;
  os: string;
  browser: string;
  /** Raw Referer header (trimmed), or null. */
  referrer: string | null;
  /** ISO 3166-1 alpha-2, or null when unknown. */
  country: string | null;
  /** Primary Accept-Language tag, e.g. 'en-US', or null. */
  language: string | null;
  isBot: boolean;
  botReason: BotReason;
}

export const SCANNED = 'Scanned';
export const scanStream = (qrId: string) => `scans-${qrId}`;

/**
 * What the redirect writes to the Redis stream: raw facts only, no parsing on the hot path. Short field names
 * because every scan carries them. `ip` is the truncated address (IPv4 /24, IPv6 /48), enough for a country
 * lookup in the ingester, never the full one; it leaves Redis when the entry is acknowledged.
 */
export interface RawScan {
  id: string;
  qrId: string;
  tenantId: number;
  shortCode: string;
  at: number;
  visitor: string;
  ua: string;
  referrer: string;
  language: string;
  ip: string;
  countryHeader: string;
  head: boolean;
}

export function rawScanToFields(scan: RawScan): string[] {
  return ['id', scan.id, 'q', scan.qrId, 't', String(scan.tenantId), 's', scan.shortCode, 'at', String(scan.at), 'v', scan.visitor, 'ua', scan.ua, 'r', scan.referrer, 'l', scan.language, 'ip', scan.ip, 'cc', scan.countryHeader, 'h', scan.head ? '1' : '0'];
}

export function rawScanFromFields(fields: string[]): RawScan | null {
  const map = new Map<string, string>();
  for (let i = 0; i + 1 < fields.length; i += 2) map.set(fields[i], fields[i + 1]);
  const id = map.get('id');
  const qrId = map.get('q');
  const at = Number(map.get('at'));
  const tenantId = Number(map.get('t'));
  if (!id || !qrId || !Number.isFinite(at) || !Number.isInteger(tenantId)) return null;
  return {
    id,
    qrId,
    tenantId,
    shortCode: map.get('s') ?? '',
    at,
    visitor: map.get('v') ?? '',
    ua: map.get('ua') ?? '',
    referrer: map.get('r') ?? '',
    language: map.get('l') ?? '',
    ip: map.get('ip') ?? '',
    countryHeader: map.get('cc') ?? '',
    head: map.get('h') === '1',
  };
}
