import { z } from 'zod';

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

/** GET /api/dynamic-qrcodes/{id}/analytics(.csv): the period (UTC days, both included) and whether bots count. */
export const codeAnalyticsQuerySchema = z.object({
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
