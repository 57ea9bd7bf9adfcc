import { z } from 'zod';
import { text } from '../common/input';
import { listQuery, type ListQuery } from '../common/list-query';

/**
 * The staff console's inputs: list queries in the ra-data-simple-rest dialect (common/list-query.ts) and the bodies of
 * its actions. Every filter is a strict object: an unknown key, a wrong type or malformed JSON answers 400.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = (label: string) =>
  z
    .string({ error: `${label} must be an id` })
    .regex(UUID, `${label} must be an id`)
    .transform((value) => value.toLowerCase());
const ids = (label: string) => z.array(uuid(label), { error: 'id must be a list of ids' }).max(100, 'id may list at most 100 ids');
const q = text({ label: 'q', max: 200 }).optional();
const clientId = z.number({ error: 'clientId must be a client id' }).int().min(1).max(999_999_999).optional();
const instant = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .refine((value) => !Number.isNaN(Date.parse(value)), `${label} must be a date`)
    .transform((value) => new Date(value))
    .optional();
const EVENT_TYPE = /^[A-Za-z]{1,64}$/;
const eventType = z.string({ error: 'type must be an event type' }).regex(EVENT_TYPE, 'type must be an event type');

export const EVENT_SORTABLE = ['position', 'occurredAt'] as const;
export const eventsQuery = listQuery({
  sortable: EVENT_SORTABLE,
  defaultSort: { field: 'position', order: 'DESC' },
  filter: z.strictObject(
    {
      q,
      id: ids('id').optional(),
      qrId: uuid('qrId').optional(),
      userId: uuid('userId').optional(),
      actorId: uuid('actorId').optional(),
      type: z.union([eventType, z.array(eventType).min(1).max(50)], { error: 'type must be an event type or a list of them' }).optional(),
      clientId,
      from: instant('from'),
      to: instant('to'),
    },
    { error: 'filter may hold q, id, qrId, userId, actorId, type, clientId, from and to' },
  ),
  maxPage: 100,
});
export type EventsFilter = z.output<typeof eventsQuery>['filter'];
export type EventsQuery = ListQuery<EventsFilter, (typeof EVENT_SORTABLE)[number]>;

// 'id' is react-admin's default sort (a ReferenceInput asks it unless told otherwise): accepted so such a request finds users.
export const USER_SORTABLE = ['createdAt', 'email', 'subscriptionStatus', 'codeCount', 'id'] as const;
export const usersQuery = listQuery({
  sortable: USER_SORTABLE,
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filter: z.strictObject(
    {
      q,
      id: ids('id').optional(),
      role: z.enum(['user', 'support', 'admin'], { error: "role must be one of 'user', 'support', 'admin'" }).optional(),
      clientId,
      isDisabled: z.boolean({ error: 'isDisabled must be true or false' }).optional(),
    },
    { error: 'filter may hold q, id, role, clientId and isDisabled' },
  ),
  maxPage: 100,
});
export type UsersFilter = z.output<typeof usersQuery>['filter'];
export type UsersQuery = ListQuery<UsersFilter, (typeof USER_SORTABLE)[number]>;

export const CODE_SORTABLE = ['createdAt', 'updatedAt', 'label'] as const;
export const codesQuery = listQuery({
  sortable: CODE_SORTABLE,
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filter: z.strictObject(
    {
      q,
      id: ids('id').optional(),
      userId: uuid('userId').optional(),
      clientId,
      mode: z.enum(['static', 'dynamic'], { error: 'mode must be static or dynamic' }).optional(),
      isSuspended: z.boolean({ error: 'isSuspended must be true or false' }).optional(),
    },
    { error: 'filter may hold q, id, userId, clientId, mode and isSuspended' },
  ),
  maxPage: 100,
});
export type CodesFilter = z.output<typeof codesQuery>['filter'];
export type CodesQuery = ListQuery<CodesFilter, (typeof CODE_SORTABLE)[number]>;

export const DOMAIN_SORTABLE = ['domain', 'blockedAt'] as const;
export const blockedDomainsQuery = listQuery({
  sortable: DOMAIN_SORTABLE,
  defaultSort: { field: 'blockedAt', order: 'DESC' },
  filter: z.strictObject(
    {
      q,
      id: z.array(z.string().max(253), { error: 'id must be a list of domains' }).max(100).optional(),
    },
    { error: 'filter may hold q and id' },
  ),
  maxPage: 100,
});

const reason = text({ label: 'Reason', max: 500, min: 1, typeMessage: 'Reason is required', minMessage: 'Reason is required' });
export const suspendBody = z.object({ reason });
export const disableBody = z.object({ reason });

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
export const DOMAIN_MESSAGE = 'Domain must be a host name such as phish.example';
/** A host name (lower-cased; a pasted URL gives its host), with at least one dot, no address literal. */
export const domainName = z
  .string({ error: 'Domain is required' })
  .transform((value) => {
    const trimmed = value.trim().toLowerCase();
    try {
      return /^[a-z][a-z0-9+.-]*:\/\//.test(trimmed) ? new URL(trimmed).hostname : trimmed.replace(/\.$/, '');
    } catch {
      return trimmed;
    }
  })
  .refine((value) => value.length > 0, 'Domain is required')
  .refine(
    (value) => value.length <= 253 && value.includes('.') && value.split('.').every((label) => HOST_LABEL.test(label)),
    DOMAIN_MESSAGE,
  )
  .refine((value) => !/^[\d.]+$/.test(value), DOMAIN_MESSAGE);
export const blockDomainBody = z.object({ domain: domainName, reason });

export const roleParam = z.enum(['user', 'support', 'admin'], { error: "Role must be one of 'user', 'support', 'admin'" });

const INVALID_EMAIL = 'Please enter a valid email address';
/** The body of an erasure on request (issue 32): the address the person gave. */
export const erasureBody = z.object({
  email: text({ label: 'Email', max: 255, maxMessage: INVALID_EMAIL, typeMessage: INVALID_EMAIL }).pipe(z.email({ error: INVALID_EMAIL })),
});
