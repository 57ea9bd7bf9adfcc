import { z } from 'zod';
import { text } from '../common/input';
import { API_KEY_SCOPES, type ApiKeyScope } from './api-key.events';

export const SCOPES_REQUIRED = 'Choose at least one scope';
export const unknownScope = `Scopes must be among ${API_KEY_SCOPES.join(', ')}`;

/** POST /api/api-keys */
export const createApiKeySchema = z.object({
  name: text({ label: 'Name', min: 1, max: 100 }).meta({ description: 'What the key is for, to tell keys apart' }),
  scopes: z
    .array(z.enum(API_KEY_SCOPES as [ApiKeyScope, ...ApiKeyScope[]], { error: unknownScope }), { error: SCOPES_REQUIRED })
    .min(1, SCOPES_REQUIRED)
    .max(API_KEY_SCOPES.length)
    .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope)))
    .meta({ description: `What the key may do: ${API_KEY_SCOPES.join(', ')}` }),
});
export type CreateApiKey = z.output<typeof createApiKeySchema>;
