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
