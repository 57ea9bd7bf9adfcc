import { z } from 'zod';
import { text } from '../common/input';

const day = (name: string) =>
  z
    .string({ error: `${name} must be a date as YYYY-MM-DD` })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      const ms = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
      // Date.parse rolls 2024-02-30 over to March: only a day that reads back as itself is one.
      if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a date as YYYY-MM-DD` });
        return z.NEVER;
      }
      return ms;
    })
    .meta({ description: 'A UTC day, YYYY-MM-DD' });

/** A breakdown value to filter by ('DE', 'mobile', '(direct)'...): absent or empty means no filter. */
const filter = (label: string) =>
  text({ label, max: 255 })
    .optional()
    .transform((value) => value || undefined)
    .meta({ description: `Only scans whose ${label} is this value (every figure, breakdown and CSV row)` });

/**
 * GET /api/dynamic-qrcodes/{id}/analytics(.csv) and GET /api/shared-analytics/{token}: the period (UTC days, both
 * included), whether bots count, and filters by any breakdown's value.
 */
export const codeAnalyticsQuerySchema = z.object({
  country: filter('country'),
  device: filter('device'),
  os: filter('os'),
  browser: filter('browser'),
  referrer: filter('referrer'),
  hour: filter('hour').refine((value) => value === undefined || /^([01]\d|2[0-3])$/.test(value), {
    message: 'hour must be an hour of the day from 00 to 23',
  }),
  route: filter('route'),
  from: day('from'),
  to: day('to'),
  bots: z
    .enum(['true', 'false'], { error: 'bots must be true or false' })
    .optional()
    .transform((value) => value === 'true')
    .meta({ description: 'true: bot and link-preview hits count in scans and breakdowns too' }),
});

/** Days as UTC midnights in milliseconds; absent: the service's default period. */
export type CodeAnalyticsQuery = z.output<typeof codeAnalyticsQuerySchema>;

/** POST /api/dynamic-qrcodes/{id}/share-links: how long the link works (days, 1 to 365; default 30). */
export const createShareLinkSchema = z.object({
  expiresInDays: z
    .number({ error: 'expiresInDays must be a whole number of days from 1 to 365' })
    .int('expiresInDays must be a whole number of days from 1 to 365')
    .min(1, 'expiresInDays must be a whole number of days from 1 to 365')
    .max(365, 'expiresInDays must be a whole number of days from 1 to 365')
    .optional()
    .meta({ description: 'Days until the link stops working (1 to 365, default 30)' }),
});
export type CreateShareLink = z.output<typeof createShareLinkSchema>;
