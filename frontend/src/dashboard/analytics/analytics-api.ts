// The analytics screens' calls and answers (backend/src/analytics): GET /api/user-analytics, a code's analytics with a
// period and filters, its CSV, live scans over server-sent events, its history, and share links.

export interface UserAnalytics {
  overview: {
    totalQrCodes: number;
    totalScans: number;
    totalDownloads: number;
    totalGenerations: number;
    staticQrCodes: number;
    dynamicQrCodes: number;
  };
  qrTypeDistribution: Record<string, number>;
  recentActivity: { generations: number; downloads: number };
  topPerformingQrCodes: { id: string; name: string; type: string; downloads: number; generations: number }[];
  dynamicQrPerformance: { id: string; name: string; scans: number }[];
}

/** Every breakdown filters the page, the hour of the day (UTC, '00' to '23') too. */
export const FILTERS = ['country', 'device', 'os', 'browser', 'referrer', 'hour'] as const;
export type FilterDimension = (typeof FILTERS)[number];
export type Filters = Partial<Record<FilterDimension, string>>;
export const DIMENSIONS = FILTERS;
export type Dimension = (typeof DIMENSIONS)[number];

export interface PeriodTotals {
  scans: number;
  uniqueVisitors: number;
  bots: number;
  previews: number;
  generations: number;
  downloads: number;
}

export interface CodeAnalytics {
  qrId: string;
  shortCode: string | null;
  name: string;
  mode: string;
  qrType: string;
  from: string;
  to: string;
  bots: boolean;
  filters: Filters;
  totals: PeriodTotals;
  previous: { from: string; to: string; totals: PeriodTotals };
  change: Record<keyof PeriodTotals, number | null>;
  daily: ({ date: string } & PeriodTotals)[];
  breakdowns: Record<Dimension, { value: string; count: number }[]>;
  /** Shared pages only: until when the link works. */
  expiresAt?: string;
}

export interface LiveScan {
  scanId: string;
  qrId: string;
  scannedAt: string;
  device: string;
  os: string;
  browser: string;
  country: string | null;
  referrer: string | null;
  isBot: boolean;
}

export interface HistoryEntry {
  id: string;
  version: number;
  type: string;
  at: string;
  actorId: string;
  actorName: string | null;
  summary: string;
  before: unknown;
  after: unknown;
}

export interface ShareLink {
  id: string;
  qrId: string;
  path: string;
  token: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  status: 'active' | 'expired' | 'revoked';
}

/** What the page shows: a period (UTC days) and the filters; all of it lives in the address, so a view can be linked. */
export interface View {
  preset: Preset;
  from: string;
  to: string;
  filters: Filters;
}

export const PRESETS = ['7', '30', '90', '365', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];
export const PRESET_LABELS: Record<Preset, string> = { '7': '7 days', '30': '30 days', '90': '90 days', '365': 'Year', custom: 'Custom' };

const DAY_MS = 86_400_000;
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const todayMs = () => Date.parse(`${isoDay(Date.now())}T00:00:00Z`);

export function presetRange(preset: Exclude<Preset, 'custom'>): { from: string; to: string } {
  const to = todayMs();
  return { from: isoDay(to - (Number(preset) - 1) * DAY_MS), to: isoDay(to) };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const HOUR = /^([01]\d|2[0-3])$/;

/** The view the address describes (`?period=7|30|90|365` or `?from=&to=`, and filters); 30 days by default. */
export function viewFromSearch(search: URLSearchParams): View {
  const filters: Filters = {};
  for (const dimension of FILTERS) {
    const value = search.get(dimension);
    // An hour the API would refuse (400) is left out, like an unknown period.
    if (value && (dimension !== 'hour' || HOUR.test(value))) filters[dimension] = value;
  }
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  if (DAY.test(from) && DAY.test(to)) return { preset: 'custom', from, to, filters };
  const period = search.get('period');
  const preset =
    (PRESETS as readonly string[]).includes(period ?? '') && period !== 'custom' ? (period as Exclude<Preset, 'custom'>) : '30';
  return { preset, ...presetRange(preset), filters };
}

export function searchFromView(view: View): URLSearchParams {
  const search = new URLSearchParams();
  if (view.preset === 'custom') {
    search.set('from', view.from);
    search.set('to', view.to);
  } else if (view.preset !== '30') search.set('period', view.preset);
  for (const dimension of FILTERS) if (view.filters[dimension]) search.set(dimension, view.filters[dimension]!);
  return search;
}

/** The API's query for a view: always the explicit days, so the answer does not depend on the server's clock. */
export function apiQuery(view: View): string {
  const query = new URLSearchParams({ from: view.from, to: view.to });
  for (const dimension of FILTERS) if (view.filters[dimension]) query.set(dimension, view.filters[dimension]!);
  return query.toString();
}

/** '+12.5%' / '-3%' / 'new' (nothing before) / '0%'. */
export function changeLabel(change: number | null, now: number): string {
  if (change === null) return now > 0 ? 'new' : '0%';
  return `${change > 0 ? '+' : ''}${change}%`;
}

export const DIMENSION_LABELS: Record<Dimension, string> = {
  country: 'Country',
  device: 'Device',
  os: 'Operating system',
  browser: 'Browser',
  referrer: 'Referrer',
  hour: 'Hour of day (UTC)',
};

const regionNames = typeof Intl !== 'undefined' && 'DisplayNames' in Intl ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;

/** 'DE' -> 'Germany'; other values as they are. */
export function valueLabel(dimension: Dimension, value: string): string {
  if (dimension === 'country' && /^[A-Z]{2}$/.test(value)) {
    try {
      return regionNames?.of(value) ?? value;
    } catch {
      return value;
    }
  }
  if (dimension === 'hour') return `${value}:00`;
  return value;
}
