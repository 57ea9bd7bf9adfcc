import { z } from 'zod';
import { text } from '../common/input';
import { listQuery, type ListQuery } from '../common/list-query';

export const INVALID_EMAIL = 'Please enter a valid email address.';

/** Website spec section 5: non-empty and containing an at-sign; the server also wants a real address. */
export const newsletterSignupSchema = z.object({
  email: text({ label: 'Email', min: 1, max: 255, minMessage: INVALID_EMAIL, maxMessage: INVALID_EMAIL, typeMessage: INVALID_EMAIL }).pipe(
    z.email({ error: INVALID_EMAIL }),
  ),
});

export type NewsletterSignup = z.output<typeof newsletterSignupSchema>;

export const CONFIRM_LINK_INVALID = 'This confirmation link is invalid. Please sign up again.';
export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is invalid.';

/** A signed link's token (newsletter-tokens.ts); a missing or oversized one is the link's own 400, as a forged one is. */
const linkToken = (invalid: string) =>
  z
    .string({ error: invalid })
    .min(1, invalid)
    .max(2000, invalid)
    .describe('The signed token of the link (in the body, or in the query: ?token=…)');

/** POST /api/newsletter/confirm: the token from the confirmation page (or ?token=). */
export const confirmLinkSchema = z.object({ token: linkToken(CONFIRM_LINK_INVALID) });
export type ConfirmLink = z.output<typeof confirmLinkSchema>;

/**
 * POST /api/newsletter/unsubscribe: the token (the mail's List-Unsubscribe URL carries it as ?token=), and RFC 8058's
 * `List-Unsubscribe=One-Click`, which mail clients post; any other value is the unsubscribe page's own request.
 */
export const unsubscribeLinkSchema = z.object({
  token: linkToken(UNSUBSCRIBE_LINK_INVALID),
  'List-Unsubscribe': z.literal('One-Click').optional().catch(undefined),
});
export type UnsubscribeLink = z.output<typeof unsubscribeLinkSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The staff console's subscriber list (react-admin's dialect, common/list-query.ts); an unknown filter key is a 400. */
export const SUBSCRIBER_SORTABLE = ['subscribedAt', 'email', 'id'] as const;
export const subscribersQuery = listQuery({
  sortable: SUBSCRIBER_SORTABLE,
  defaultSort: { field: 'subscribedAt', order: 'DESC' },
  filter: z.strictObject(
    {
      q: text({ label: 'q', max: 200 }).optional(),
      status: z
        .enum(['confirmed', 'unconfirmed', 'unsubscribed'], { error: "status must be one of 'confirmed', 'unconfirmed', 'unsubscribed'" })
        .optional(),
      id: z
        .array(z.string().regex(UUID, 'id must be an id'), { error: 'id must be a list of ids' })
        .max(100, 'id may list at most 100 ids')
        .optional(),
    },
    { error: 'filter may hold q, status and id' },
  ),
  maxPage: 100,
});
export type SubscribersFilter = z.output<typeof subscribersQuery>['filter'];
export type SubscribersQuery = ListQuery<SubscribersFilter, (typeof SUBSCRIBER_SORTABLE)[number]>;
