import { z } from 'zod';
import { qrModeAnswer, qrTypeAnswer } from '../codes';
import type { LiveScan } from '../scans';
import { DIMENSIONS, FILTERS } from './analytics.projection';

/**
 * What the analytics routes answer, as zod schemas: the service's return types are these schemas' types (so the code
 * cannot answer something else), and `@AnswerOf` puts them into /api/docs, from which the frontend's types are generated
 * (frontend/src/api/schema.d.ts).
 */

const count = z.number().int().min(0);

export const userAnalyticsSchema = z.object({
  overview: z.object({
    totalQrCodes: count,
    totalScans: count,
    totalDownloads: count,
    totalGenerations: count,
    staticQrCodes: count,
    dynamicQrCodes: count,
  }),
  qrTypeDistribution: z.record(z.string(), count),
  recentActivity: z.object({ generations: count, downloads: count }),
  topPerformingQrCodes: z.array(z.object({ id: z.string(), name: z.string(), type: z.string(), downloads: count, generations: count })),
  dynamicQrPerformance: z.array(z.object({ id: z.string(), name: z.string(), scans: count })),
});
export type UserAnalytics = z.output<typeof userAnalyticsSchema>;

export const periodTotalsSchema = z.object({
  scans: count,
  uniqueVisitors: count,
  bots: count.meta({ description: 'Every automated hit (link previews included)' }),
  previews: count.meta({ description: 'Of the bots: link-preview fetchers (chat and social apps unfurling the link, HEAD requests)' }),
  generations: count.meta({ description: 'Images made and downloaded from the generator for this code' }),
  downloads: count,
});
export type PeriodTotals = z.output<typeof periodTotalsSchema>;

const byDimension = <T extends z.ZodType>(value: T) =>
  z.object(Object.fromEntries(DIMENSIONS.map((dimension) => [dimension, value])) as Record<(typeof DIMENSIONS)[number], T>);
const byFilter = <T extends z.ZodType>(value: T) =>
  z.object(
    Object.fromEntries(FILTERS.map((dimension) => [dimension, value.optional()])) as Record<(typeof FILTERS)[number], z.ZodOptional<T>>,
  );
const change = z.number().nullable().meta({ description: 'Percent against the previous period (one decimal); null when that was 0' });

export const codeAnalyticsSchema = z.object({
  qrId: z.string(),
  shortCode: z.string().nullable(),
  name: z.string(),
  mode: qrModeAnswer,
  qrType: qrTypeAnswer,
  from: z.string().meta({ description: 'A UTC day, YYYY-MM-DD' }),
  to: z.string().meta({ description: 'A UTC day, YYYY-MM-DD' }),
  bots: z.boolean().meta({ description: 'true: bot and link-preview hits are counted in scans and breakdowns too' }),
  filters: byFilter(z.string()),
  totals: periodTotalsSchema,
  previous: z.object({ from: z.string(), to: z.string(), totals: periodTotalsSchema }).meta({
    description: 'The period of the same length just before, with the same filters',
  }),
  change: z.object({ scans: change, uniqueVisitors: change, bots: change, previews: change, generations: change, downloads: change }),
  daily: z.array(periodTotalsSchema.extend({ date: z.string() })),
  breakdowns: byDimension(z.array(z.object({ value: z.string(), count })).meta({ description: 'Largest first' })),
});
export type CodeAnalytics = z.output<typeof codeAnalyticsSchema>;

/** A share link's public page: the owner's analytics, and until when the link works. */
export const sharedAnalyticsSchema = codeAnalyticsSchema.extend({ expiresAt: z.string() });
export type SharedAnalytics = z.output<typeof sharedAnalyticsSchema>;

export const shareLinkSchema = z.object({
  id: z.string(),
  qrId: z.string(),
  path: z.string().meta({ description: "The public page's path; the client puts its own origin in front" }),
  token: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ShareLinkDto = z.output<typeof shareLinkSchema>;

/** The data of one `scan` event of GET /api/dynamic-qrcodes/{id}/scans/live (server-sent events): a batch of scans. */
export const liveScanBatchSchema = z.array(
  z.object({
    scanId: z.string(),
    qrId: z.string(),
    scannedAt: z.string(),
    device: z.string(),
    os: z.string(),
    browser: z.string(),
    country: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-2, or null when unknown' }),
    referrer: z.string().nullable(),
    isBot: z.boolean(),
  }),
);
// The ingester publishes LiveScan batches (scans/scan-ingester.ts): a field it adds or changes fails the type-check here.
const liveScansDescribed: [LiveScan[], z.output<typeof liveScanBatchSchema>] extends [z.output<typeof liveScanBatchSchema>, LiveScan[]]
  ? true
  : never = true;
void liveScansDescribed;
