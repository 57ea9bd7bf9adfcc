import { z } from 'zod';
import { text } from '../../common/input';
import { isTimeZone, MAX_RULES, MAX_SPLIT_ARMS, ROUTE_DEVICES, ROUTE_OSES, type Routing } from './routing';

/**
 * PUT /api/dynamic-qrcodes/{id}/routing (issue 33): the shape of a routing, every part optional, unknown fields
 * refused. A 400 names the field (`rules.0.when.country.1`, `split`, `limits.validUntil`). The destinations are
 * checked by the destination policy in the decision (model/qr-code.ts decideChangeRouting), as a destination edit's.
 */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const instant = (label: string) =>
  z
    .string({ error: `${label} must be a date and time such as 2026-12-01T00:00:00Z` })
    .refine((value) => ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value)), {
      message: `${label} must be a date and time such as 2026-12-01T00:00:00Z`,
    });
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const clock = (label: string) =>
  z.string({ error: `${label} must be a time such as 09:00` }).regex(HHMM, `${label} must be a time such as 09:00`);
const list = <T extends z.ZodType>(item: T, label: string, max: number) =>
  z
    .array(item, { error: `${label} must be a list` })
    .min(1, `${label} must name at least one value`)
    .max(max, `${label} may name at most ${max} values`);
const destination = () => text({ label: 'Destination', max: 4096, typeMessage: 'URL is required' });

const whenSchema = z
  .strictObject({
    country: list(
      z
        .string({ error: 'Country must be a two-letter country code such as DE' })
        .regex(/^[A-Za-z]{2}$/, 'Country must be a two-letter country code such as DE')
        .transform((value) => value.toUpperCase()),
      'Country',
      250,
    ).optional(),
    device: list(z.enum(ROUTE_DEVICES, { error: `Device must be one of ${ROUTE_DEVICES.join(', ')}` }), 'Device', 3).optional(),
    os: list(z.enum(ROUTE_OSES, { error: `OS must be one of ${ROUTE_OSES.join(', ')}` }), 'OS', 6).optional(),
    language: list(
      z
        .string({ error: 'Language must be a language tag such as de or de-AT' })
        .regex(/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/, 'Language must be a language tag such as de or de-AT')
        .max(35, 'Language must be a language tag such as de or de-AT'),
      'Language',
      50,
    ).optional(),
    from: instant('From').optional(),
    until: instant('Until').optional(),
    weekdays: list(z.number({ error: 'Weekdays are numbers from 1 (Monday) to 7 (Sunday)' }).int().min(1).max(7), 'Weekdays', 7).optional(),
    hours: z
      .strictObject({ from: clock('Hours from'), to: clock('Hours to') }, { error: 'Hours must be { from, to } such as 09:00 and 17:30' })
      .refine((hours) => hours.from !== hours.to, { message: 'Hours to must differ from hours from', path: ['to'] })
      .optional(),
    timeZone: z
      .string({ error: 'Time zone must be an IANA zone such as Europe/Berlin' })
      .max(64)
      .refine(isTimeZone, 'Time zone must be an IANA zone such as Europe/Berlin')
      .optional(),
  })
  .refine((when) => !when.from || !when.until || Date.parse(when.from) < Date.parse(when.until), {
    message: 'Until must be after from',
    path: ['until'],
  });

const ruleSchema = z.strictObject({ when: whenSchema.default({}), destination: destination() });

const armSchema = z.strictObject({
  destination: destination(),
  weight: z
    .number({ error: 'Weight must be a whole number from 0 to 100' })
    .int('Weight must be a whole number from 0 to 100')
    .min(0, 'Weight must be a whole number from 0 to 100')
    .max(100, 'Weight must be a whole number from 0 to 100'),
});

const limitsSchema = z
  .strictObject({
    maxScans: z
      .number({ error: 'Max scans must be a whole number of at least 1' })
      .int('Max scans must be a whole number of at least 1')
      .min(1, 'Max scans must be a whole number of at least 1')
      .max(1_000_000_000, 'Max scans must be at most 1000000000')
      .optional(),
    validFrom: instant('Valid from').optional(),
    validUntil: instant('Valid until').optional(),
    afterLimit: destination().optional(),
  })
  .refine((limits) => !limits.validFrom || !limits.validUntil || Date.parse(limits.validFrom) < Date.parse(limits.validUntil), {
    message: 'Valid until must be after valid from',
    path: ['validUntil'],
  });

export const routingSchema = z
  .strictObject({
    rules: z.array(ruleSchema, { error: 'Rules must be a list' }).max(MAX_RULES, `At most ${MAX_RULES} rules`).optional(),
    split: z
      .array(armSchema, { error: 'Split must be a list' })
      .max(MAX_SPLIT_ARMS, `At most ${MAX_SPLIT_ARMS} split arms`)
      .refine((arms) => !arms.length || arms.reduce((sum, arm) => sum + arm.weight, 0) === 100, 'Split weights must add up to 100')
      .optional(),
    limits: limitsSchema.optional(),
  })
  .meta({ description: 'A dynamic code routing: rules (first match wins), else the split, else its destination; within its limits' });
export type RoutingBody = z.output<typeof routingSchema>;

/** What GET and PUT answer: the routing (each part present only when set) and the code's version (its ETag). */
export const routingAnswerSchema = z.object({
  rules: z.array(z.object({ when: z.record(z.string(), z.unknown()), destination: z.string() })).optional(),
  split: z.array(z.object({ destination: z.string(), weight: z.number() })).optional(),
  limits: z
    .object({
      maxScans: z.number().optional(),
      validFrom: z.string().optional(),
      validUntil: z.string().optional(),
      afterLimit: z.string().optional(),
    })
    .optional(),
  version: z.number(),
});
export type RoutingAnswer = Routing & { version: number };

/** POST /api/dynamic-qrcodes/{id}/simulate: a scan as the redirect would see it. */
export const simulateSchema = z.strictObject({
  userAgent: z.string({ error: 'User agent must be text' }).max(512, 'User agent must be at most 512 characters').default(''),
  country: z
    .string({ error: 'Country must be a two-letter country code such as DE' })
    .regex(/^[A-Za-z]{2}$/, 'Country must be a two-letter country code such as DE')
    .transform((value) => value.toUpperCase())
    .nullable()
    .default(null),
  language: z.string({ error: 'Language must be text' }).max(256, 'Language must be at most 256 characters').default(''),
  at: instant('At').optional(),
  /** The visitor hash to route (a split's arm); a fixed sample visitor when absent. */
  visitor: z.string({ error: 'Visitor must be text' }).max(64, 'Visitor must be at most 64 characters').optional(),
});
export type SimulateBody = z.output<typeof simulateSchema>;

export const simulateAnswerSchema = z.object({
  destination: z.string().nullable(),
  matched: z.string(),
  explanation: z.string(),
});

export const destinationAtQuery = z.strictObject({ at: instant('At') });
export const destinationAtAnswerSchema = z.object({
  destination: z.string().nullable(),
  routing: z.record(z.string(), z.unknown()).nullable(),
  version: z.number(),
});
