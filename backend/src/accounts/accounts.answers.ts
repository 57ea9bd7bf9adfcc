import { z } from 'zod';
import { ROLES, type AuthUser, type Role } from './model/auth-user';

/**
 * What the account routes answer, as zod schemas: `@AnswerOf` puts them into /api/docs, from which the frontend's types
 * are generated (frontend/src/api/schema.d.ts); the handlers' return types are these schemas' types.
 */

/** The signed-in user (GET /api/user, POST /api/login and /api/register, `user` of GET /api/session). */
export const userAnswer = z.object({
  id: z.string(),
  tenantId: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(z.enum(ROLES as [Role, ...Role[]])).meta({ description: "Always contains 'user'; plus any granted role" }),
  subscriptionStatus: z.string(),
  googleId: z.string().nullable(),
  emailVerified: z.boolean().meta({ description: 'false until the address is proven (a mailed link, Google, a reset link)' }),
  hasPassword: z.boolean().meta({ description: 'false for a Google-only account (deleting it asks for the typed email)' }),
}) satisfies z.ZodType<AuthUser>;
export type UserAnswer = z.output<typeof userAnswer>;

/** GET /api/session: the user, null when signed out (no 401 for pages that work either way). */
export const sessionAnswer = z.object({ user: userAnswer.nullable() });
export type SessionAnswer = z.output<typeof sessionAnswer>;

/** What the account calls that only confirm answer (logout, change-password). */
export const messageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.output<typeof messageAnswer>;

/** What the staff console's disable and enable answer: the user, and whether the account is disabled now. */
export const accountStatusAnswer = userAnswer.extend({
  isDisabled: z.boolean().meta({ description: 'true: every session ended and signing in is refused' }),
});
export type AccountStatusAnswer = z.output<typeof accountStatusAnswer>;
