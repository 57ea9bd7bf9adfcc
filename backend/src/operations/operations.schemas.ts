import { z } from 'zod';
import { listQuery, type ListQuery } from '../common/list-query';

/** The operations screens' inputs (ra-data-simple-rest dialect): strict filters, so a wrong key or type answers 400. */

const PROJECTION_NAME = /^[a-z][a-z0-9_-]{0,63}$/;
const projection = z
  .string({ error: 'projection must be a projection name' })
  .regex(PROJECTION_NAME, 'projection must be a projection name');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const projectionName = z.string().regex(PROJECTION_NAME);

/** POST /api/admin/projection-rebuilds */
export const rebuildBody = z.strictObject({ projection }, { error: 'The body must name the projection to rebuild' });

export const rebuildsQuery = listQuery({
  sortable: ['requestedAt'],
  defaultSort: { field: 'requestedAt', order: 'DESC' },
  filter: z.strictObject(
    {
      projection: projection.optional(),
      state: z.enum(['requested', 'running', 'done', 'failed'], { error: 'state must be requested, running, done or failed' }).optional(),
      id: z.array(z.string().regex(UUID, 'id must be a list of ids')).max(100, 'id may list at most 100 ids').optional(),
    },
    { error: 'filter may hold projection, state and id' },
  ),
});
export type RebuildsQuery = ListQuery<z.output<typeof rebuildsQuery>['filter'], 'requestedAt'>;

export const deadLettersQuery = listQuery({
  sortable: ['failedAt'],
  defaultSort: { field: 'failedAt', order: 'DESC' },
  filter: z.strictObject(
    {
      projection: projection.optional(),
      state: z.enum(['open', 'retried', 'skipped', 'all'], { error: 'state must be open, retried, skipped or all' }).optional(),
      id: z
        .array(z.union([z.string().regex(/^[1-9]\d{0,17}$/), z.number().int().min(1)]), { error: 'id must be a list of ids' })
        .max(100, 'id may list at most 100 ids')
        .transform((values) => values.map(String))
        .optional(),
    },
    { error: 'filter may hold projection, state and id' },
  ),
});
export type DeadLettersQuery = ListQuery<z.output<typeof deadLettersQuery>['filter'], 'failedAt'>;

/** A dead letter's id in a path: 1 to 18 digits. */
export const deadLetterId = z
  .string()
  .regex(/^[1-9]\d{0,17}$/)
  .transform(Number);
