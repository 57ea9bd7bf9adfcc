import { z } from 'zod';
import { displayName, safeObject } from '../../common/input';

/**
 * The tag routes' bodies and answers (issue 35). A tag is a display name (NFC, no control or bidi characters); the
 * rules with their messages (trimmed, at most 40 characters, at most 20 on a code, none twice ignoring case) are
 * model/tags.ts's, so a 400 says the same whichever route refused it.
 */
const tag = (label: string) => displayName({ label, max: 200 });

/** PUT /api/dashboard/codes/{id}/tags: the code's whole list of tags, in order ([] removes them all). */
export const codeTagsSchema = safeObject({
  tags: z.array(tag('Tag'), { error: 'tags must be a list of tags' }).max(100, 'A code can have at most 20 tags'),
});
export type CodeTagsBody = z.output<typeof codeTagsSchema>;

/** POST /api/dashboard/tags/rename: `from` becomes `to` on every code of the caller that has it. */
export const renameTagSchema = safeObject({ from: tag('from'), to: tag('to') });
export type RenameTagBody = z.output<typeof renameTagSchema>;

/** POST /api/dashboard/tags/remove: `tag` leaves every code of the caller that has it. */
export const removeTagSchema = safeObject({ tag: tag('tag') });
export type RemoveTagBody = z.output<typeof removeTagSchema>;

/** GET /api/dashboard/tags: the caller's tags, alphabetically, with how many live codes carry each. */
export const ownerTagsAnswer = z.array(z.object({ tag: z.string(), count: z.number().int().min(1) }));

/** What one code of a change across codes (a bulk action, a tag renamed or removed) came to. */
export const codeResult = z.object({
  id: z.string(),
  ok: z.boolean(),
  error: z.string().optional().meta({ description: 'Why this code was not changed (the others went ahead)' }),
});
export type CodeResult = z.output<typeof codeResult>;

/** The answer of a change across codes: one result per code, in the order asked (or, for tags, oldest code first). */
export const codeResultsAnswer = z.object({ results: z.array(codeResult) });
export type CodeResults = z.output<typeof codeResultsAnswer>;
