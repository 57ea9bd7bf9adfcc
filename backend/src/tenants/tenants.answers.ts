import { z } from 'zod';

/**
 * What the tenants routes answer, as zod schemas: `@AnswerOf` puts them into /api/docs, from which the frontend's types
 * are generated (frontend/src/api/schema.d.ts); the handlers' return types are these schemas' types.
 */

/** GET /api/white-label/config: the brand of the host a page was loaded from (public). */
export const whiteLabelConfigAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  logoUrl: z.string().nullable(),
  customFavicon: z.string().nullable(),
  customCSS: z.string().nullable(),
  removeQRCodeSharksBranding: z.boolean(),
});
export type WhiteLabelConfig = z.output<typeof whiteLabelConfigAnswer>;

const isoTime = z.string().meta({ description: 'An ISO 8601 time' });

/**
 * A tenant (white-label client) as the staff console's /api/admin/clients and the website spec's
 * /api/white-label/clients answer it: the lists, one client, and what create, update and key rotation answer.
 */
export const clientAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  customDomain: z.string().nullable(),
  subdomain: z.string().nullable(),
  logoUrl: z.string().nullable(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  customFavicon: z.string().nullable(),
  removeQRCodeSharksBranding: z.boolean(),
  customCSS: z.string().nullable(),
  isActive: z.boolean(),
  apiKey: z.string().meta({ description: "The client's API key (the console masks it until revealed)" }),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type ClientAnswer = z.output<typeof clientAnswer>;

/** What deleting a client answers. */
export const deletedClientAnswer = z.object({ id: z.number().int(), deleted: z.literal(true) });
export type DeletedClientAnswer = z.output<typeof deletedClientAnswer>;
