import { z } from 'zod';
import { orNothing, uuidId } from '../../common/input';
import { STORED_NAME_RE } from '../uploads/uploads.service';

/** /pdf/{id}, /images/{id}, /logo/{id}: an upload id; anything else names nothing (null: the not-found page). */
export const pageId = orNothing(uuidId());

/** /uploads/{name}: a stored file's name; anything else names nothing. */
export const storedFileName = orNothing(z.string().regex(STORED_NAME_RE));

/** /uploads/{name}?download=1 (or true): served as an attachment; any other value shows it inline. */
export const fileQuery = z.object({
  download: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => value === '1' || value === 'true'),
});
export type FileQuery = z.output<typeof fileQuery>;
