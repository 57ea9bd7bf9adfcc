import type { Response } from 'express';
import { z, type ZodType } from 'zod';

/**
 * The list dialect of react-admin's `ra-data-simple-rest`, parsed at the edge like every other input:
 *   GET /api/{resource}?sort=["createdAt","DESC"]&range=[0,24]&filter={"q":"menu","id":[...]}
 * answered with the rows as a JSON array and `Content-Range: {resource} 0-24/319`.
 * Malformed JSON, an unknown sort field, a reversed or oversized range, or a filter the route does not
 * know answers 400 with a field message (through `@QueryOf(listQuery(...))`), never 500.
 */

export type SortOrder = 'ASC' | 'DESC';

export interface ListQuery<F, S extends string> {
  sort: { field: S; order: SortOrder };
  /** Inclusive on both ends, as the dialect sends it; `limit` and `offset` are for SQL. */
  range: { start: number; end: number; offset: number; limit: number };
  filter: F;
}

export interface ListQueryOptions<F extends ZodType, S extends string> {
  /** The fields a client may sort by (each maps to an indexed column in the query service). */
  sortable: readonly [S, ...S[]];
  defaultSort: { field: NoInfer<S>; order: SortOrder };
  /** The filter object's schema; unknown keys should be refused by it (`z.strictObject`). */
  filter: F;
  /** The largest page a client may ask for (default 100). */
  maxPage?: number;
}

/** A JSON-encoded query parameter, decoded before `schema` parses it; bad JSON is a field message, not an exception. */
function jsonParam<T extends ZodType>(name: string, schema: T) {
  return z
    .string({ error: `${name} must be JSON` })
    .max(4096, `${name} is too long`)
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `${name} must be JSON` });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** The query schema of one list route; use as `@QueryOf(listQuery({...})) query: ListQuery<...>`. */
export function listQuery<F extends ZodType, S extends string>(options: ListQueryOptions<F, S>) {
  const maxPage = options.maxPage ?? 100;
  const fields = options.sortable as readonly [S, ...S[]];
  const sort = z.tuple([z.enum(fields, { error: `sort field must be one of ${fields.join(', ')}` }), z.enum(['ASC', 'DESC'])], {
    error: 'sort must be ["field","ASC"|"DESC"]',
  });
  const bound = z.number().int().min(0).max(1_000_000_000);
  const range = z
    .tuple([bound, bound], { error: 'range must be [start,end]' })
    .refine(([start, end]) => end >= start, 'range must end at or after its start')
    .refine(([start, end]) => end - start + 1 <= maxPage, `range may hold at most ${maxPage} rows`);
  return z
    .strictObject({
      sort: jsonParam('sort', sort).optional(),
      range: jsonParam('range', range).optional(),
      filter: jsonParam('filter', options.filter).optional(),
    })
    .transform(({ sort: s, range: r, filter: f }) => {
      const [start, end] = r ?? [0, Math.min(24, maxPage - 1)];
      return {
        sort: s ? { field: s[0], order: s[1] } : options.defaultSort,
        range: { start, end, offset: start, limit: end - start + 1 },
        filter: (f ?? options.filter.parse({})) as z.output<F>,
      } satisfies ListQuery<z.output<F>, S>;
    });
}

/** Sets `Content-Range: {resource} {start}-{end}/{total}` (exposed to scripts) and returns the rows to send. */
export function listPage<T>(
  response: Response,
  resource: string,
  range: ListQuery<unknown, string>['range'],
  rows: T[],
  total: number,
): T[] {
  const end = rows.length === 0 ? range.start : range.start + rows.length - 1;
  response.setHeader('Content-Range', `${resource} ${range.start}-${end}/${total}`);
  response.setHeader('Access-Control-Expose-Headers', 'Content-Range');
  return rows;
}
