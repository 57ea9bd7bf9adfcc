import { z } from 'zod';
import { ROLES, STAFF_ACTIONS, type Role, type StaffAction } from '../accounts';
import { codeAnswer, deletedCodeAnswer, qrModeAnswer, qrTypeAnswer } from '../codes';

/**
 * What the staff console's own routes answer, as zod schemas: `@AnswerOf` puts them into /api/docs, from which the
 * frontend's types are generated (frontend/src/api/schema.d.ts); the handlers' return types are these schemas' types.
 */

const count = z.number().int().min(0);

/** GET /api/admin/me: who is using the console and what they may do (the console hides what the server would refuse). */
export const staffMeAnswer = z.object({
  id: z.string(),
  email: z.string(),
  tenantId: z.number().int(),
  roles: z.array(z.enum(ROLES as [Role, ...Role[]])),
  permissions: z.array(z.enum(Object.keys(STAFF_ACTIONS) as [StaffAction, ...StaffAction[]])),
  allTenants: z.boolean().meta({ description: "true: the caller's reach is every tenant (the default brand's staff)" }),
});
export type StaffMeAnswer = z.output<typeof staffMeAnswer>;

/** GET /api/admin/overview: the figures on the console's home (issue 30 item 6). */
export const adminOverviewAnswer = z.object({
  newUsersToday: count.meta({ description: 'Accounts created today (UTC)' }),
  newUsers7d: count.meta({ description: 'Accounts created in the last 7 UTC days, today included' }),
  codes: count.meta({ description: 'Codes that exist now (deleted ones left out)' }),
  scansToday: count.meta({ description: 'Scans by people today (UTC), bots left out' }),
  mailsQueued: count.meta({ description: 'Mails recorded and not yet sent' }),
  projectionsBehind: count
    .nullable()
    .meta({ description: "Projections with events still to read; null for a white-label client's staff (deployment-wide)" }),
  signupsPerDay: z
    .array(z.object({ day: z.string().meta({ description: 'A UTC day, YYYY-MM-DD' }), count }))
    .meta({ description: 'Sign-ups per UTC day, oldest first, 14 days ending today (days without any as 0)' }),
});
export type AdminOverviewAnswer = z.output<typeof adminOverviewAnswer>;

const isoTime = z.string().meta({ description: 'An ISO 8601 time' });

/** One row of GET /api/admin/users (and GET /api/admin/users/:id): an account as the audit projection keeps it. */
export const staffUserAnswer = z.object({
  id: z.string(),
  clientId: z.number().int().meta({ description: 'The tenant (white-label client) the account belongs to' }),
  email: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(z.string()).meta({ description: 'Staff roles; empty for an ordinary user' }),
  subscriptionStatus: z.string(),
  trialEndDate: isoTime.nullable().meta({ description: 'When the free trial ends; null: never started' }),
  isDisabled: z.boolean(),
  isDeleted: z.boolean(),
  codeCount: count,
  createdAt: isoTime,
});
export type StaffUserAnswer = z.output<typeof staffUserAnswer>;

/** One row of GET /api/admin/codes: a code as the audit projection keeps it. */
export const staffCodeAnswer = z.object({
  id: z.string(),
  clientId: z.number().int(),
  userId: z.string(),
  ownerEmail: z.string().nullable(),
  mode: qrModeAnswer,
  qrType: qrTypeAnswer,
  label: z.string(),
  name: z.string().nullable(),
  shortCode: z.string().nullable(),
  destination: z.string().nullable(),
  isPaused: z.boolean(),
  hasPassword: z.boolean(),
  isSuspended: z.boolean(),
  suspensionReason: z.string().nullable(),
  isDeleted: z.boolean(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
/** GET /api/admin/codes/:id: the row and its stream's revision (the ETag's version). */
export const staffCodeOneAnswer = staffCodeAnswer.extend({
  version: z.number().int().nullable().meta({ description: "The code stream's revision; null before the audit log saw it" }),
});

/** One row of GET /api/admin/events: an event of the audit log, with its sentence. */
export const auditRowAnswer = z.object({
  id: z.string(),
  position: z.string().meta({ description: "The event's position in the store, as a decimal string (a bigint)" }),
  streamId: z.string(),
  revision: z.string().meta({ description: "The event's revision in its stream, as a decimal string (a bigint)" }),
  type: z.string(),
  clientId: z.number().int(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  userId: z.string().nullable(),
  qrId: z.string().nullable(),
  occurredAt: isoTime,
  summary: z.string().meta({ description: 'What happened, as a sentence after the actor ("created the dynamic … code …")' }),
});

/** GET /api/admin/events/:id: the row, what it changed, and the event's data and metadata as stored. */
export const auditEventAnswer = auditRowAnswer.extend({
  prepare: z.string(),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  data: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
  correlationId: z.string().nullable(),
});

/** One row of GET /api/admin/blocked-domains: a destination domain on the blocklist (its id is the domain). */
export const blockedDomainAnswer = z.object({
  id: z.string(),
  domain: z.string(),
  reason: z.string(),
  blockedBy: z.string().nullable().meta({ description: 'The id of the staff member who blocked it; null if unknown' }),
  blockedAt: isoTime,
});

/** POST /api/admin/erasures/payers and /contact-senders (issue 32): how many subjects' keys were erased. */
export const erasureAnswer = z.object({
  erased: count.meta({ description: 'Subjects erased: 1 for a payer, one per contact message for a sender' }),
});
export type ErasureAnswer = z.output<typeof erasureAnswer>;

/**
 * POST and DELETE /api/admin/codes/:id/suspension: the code as its owner's routes answer it (id and deleted if gone).
 * The handlers are typed with it: codes' rows, as sent, are the schema's type (codes.answers.ts checks it too).
 */
export const suspensionAnswer = codeAnswer.or(deletedCodeAnswer);
export type SuspensionAnswer = z.output<typeof suspensionAnswer>;

/** POST and DELETE /api/admin/blocked-domains: the domain and whether it is on the blocklist now. */
export const blockedDomainChangeAnswer = z.object({
  id: z.string().meta({ description: "The domain (the list row's id)" }),
  domain: z.string(),
  reason: z.string().nullable().meta({ description: 'Why it was blocked; null once unblocked' }),
  blocked: z.boolean(),
});
export type BlockedDomainChangeAnswer = z.output<typeof blockedDomainChangeAnswer>;
