import { z } from 'zod';
import { displayName, safeObject, text } from '../../common/input';

/** At most this many codes in one bulk call (issue 35): a page of react-admin's list is 48; a whole batch fits. */
export const BULK_MAX_IDS = 500;
export const BULK_ACTIONS = ['pause', 'resume', 'delete', 'tag', 'untag'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const TAG_REQUIRED = 'Name the tag to add or remove';

/**
 * POST /api/dashboard/codes/bulk: one action on many of the caller's codes. Ids are taken as sent (a malformed or
 * foreign one is that id's "QR code not found", never the whole call's 400); each id is changed once however often
 * it is named.
 */
export const bulkActionSchema = safeObject({
  ids: z
    .array(text({ label: 'id', max: 100 }), { error: 'ids must be a list of QR code ids' })
    .min(1, 'Choose at least one QR code')
    .max(BULK_MAX_IDS, `At most ${BULK_MAX_IDS} QR codes at a time`),
  action: z.enum(BULK_ACTIONS, { error: 'action must be pause, resume, delete, tag or untag' }),
  tag: displayName({ label: 'tag', max: 200 }).optional(),
}).superRefine((body, ctx) => {
  if ((body.action === 'tag' || body.action === 'untag') && !body.tag)
    ctx.addIssue({ code: 'custom', path: ['tag'], message: TAG_REQUIRED });
});
export type BulkActionBody = z.output<typeof bulkActionSchema>;
