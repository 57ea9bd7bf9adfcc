import { z } from 'zod';
import { API_KEY_SCOPES, type ApiKeyScope } from './api-key.events';

/**
 * What the api-keys routes answer, as zod schemas: `@AnswerOf` puts them into /api/docs, from which the frontend's types
 * are generated (frontend/src/api/schema.d.ts); the handlers' return types are these schemas' types.
 */
const scopes = z.array(z.enum(API_KEY_SCOPES as [ApiKeyScope, ...ApiKeyScope[]]));

/** GET /api/api-keys: one of the owner's keys, never the key itself. */
export const apiKeyAnswer = z.object({
  id: z.string(),
  name: z.string(),
  scopes,
  prefix: z.string().meta({ description: "The key's first characters, to tell keys apart" }),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable().meta({ description: 'Recorded at most once a minute' }),
  revokedAt: z.string().nullable(),
});
export type ApiKeyAnswer = z.output<typeof apiKeyAnswer>;

/** POST /api/api-keys: the new key, shown this once; only its hash is kept. */
export const createdApiKeyAnswer = z.object({
  id: z.string(),
  name: z.string(),
  scopes,
  prefix: z.string(),
  key: z.string().meta({ description: 'The key: send it as `Authorization: Bearer <key>`. It is never shown again.' }),
  createdAt: z.string(),
});
export type CreatedApiKeyAnswer = z.output<typeof createdApiKeyAnswer>;
