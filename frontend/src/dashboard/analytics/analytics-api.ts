// The analytics screens' calls and answers (backend/src/analytics): GET /api/user-analytics, a code's analytics with a
// period and filters, its CSV, live scans over server-sent events, its history, and share links.

import type { ApiAnswer, ApiEvents } from '../../api/types';

export type UserAnalytics = ApiAnswer<'/api/user-analytics'>;
/** A code's analytics; on a share link's public page also until when the link works (expiresAt). */
export type CodeAnalytics = ApiAnswer<'/api/dynamic-qrcodes/{id}/analytics'> &
  Partial<Pick<ApiAnswer<'/api/shared-analytics/{token}'>, 'expiresAt'>>;
export type PeriodTotals = CodeAnalytics['totals'];
export type Dimension = keyof CodeAnalytics['breakdowns'];
export type FilterDimension = keyof CodeAnalytics['filters'];
export type Filters = CodeAnalytics['filters'];

/** Every breakdown filters the page, the hour of the day (UTC, '00' to '23') too. Exactly the answer's dimensions: */
export const FILTERS = ['country', 'device', 'os', 'browser', 'referrer', 'hour', 'route'] as const satisfies readonly FilterDimension[];
export const DIMENSIONS = FILTERS;
// A dimension the server adds or drops fails the type-check here (the list above must name each one).
type Missing = Exclude<Dimension | FilterDimension, (typeof FILTERS)[number]>;
const everyDimensionListed: Missing extends never ? true : Missing = true;
void everyDimensionListed;

/** One scan of the live feed (a `scan` event of the server-sent events carries a batch of them). */
export type LiveScan = ApiEvents<'/api/dynamic-qrcodes/{id}/scans/live'>[number];

/** One change of a code's history, newest first. */
export type HistoryEntry = ApiAnswer<'/api/qrcodes/{id}/history'>[number];

export type ShareLink = ApiAnswer<'/api/dynamic-qrcodes/{id}/share-links'>[number];

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

/**
 * A change to the view, applied to the address's latest view when it happens: two quick clicks (a period, then a
 * country) both count, although the second one's screen may not have re-rendered from the first yet (react-router
 * renders a navigation as a transition, which a slow machine holds back).
 */
export type ViewChange = (latest: View) => View;

/** The view the address holds now (history.pushState has already run for every navigation made so far). */
export function latestView(): View {
  return viewFromSearch(new URLSearchParams(window.location.search));
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
  route: 'Route',
};

/** Scanned.route's words (issue 33) as the routing editor names them: 'split a' -> 'Split A', 'default' -> 'Default destination'. */
const ROUTE_WORDS: Record<string, string> = {
  default: 'Default destination',
  limit: 'After the limit',
  expired: 'Expired',
  'not yet valid': 'Not yet valid',
};
function routeLabel(value: string): string {
  const arm = /^split ([a-z])$/.exec(value);
  if (arm) return `Split ${arm[1].toUpperCase()}`;
  const rule = /^rule (\d+)$/.exec(value);
  if (rule) return `Rule ${rule[1]}`;
  return ROUTE_WORDS[value] ?? value;
}

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
  if (dimension === 'route') return routeLabel(value);
  return value;
}
