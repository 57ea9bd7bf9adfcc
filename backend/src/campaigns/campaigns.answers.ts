import { z } from 'zod';

/**
 * What the campaigns routes answer, as zod schemas: `@AnswerOf` puts them into /api/docs, from which the frontend's
 * types are generated (frontend/src/api/schema.d.ts); the handlers' return types are these schemas' types.
 */

/** GET and PUT /api/account/notification-preferences: an owner's opt-outs (true: the mail is sent). */
export const notificationPreferencesAnswer = z.object({
  scanNotifications: z.boolean().meta({ description: 'The weekly scan report' }),
  pauseNotifications: z.boolean().meta({ description: 'The reminder about paused dynamic codes' }),
});
export type NotificationPreferencesAnswer = z.output<typeof notificationPreferencesAnswer>;
