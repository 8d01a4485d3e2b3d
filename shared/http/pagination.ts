/**
 * The one cursor pagination shape every list endpoint shares: `limit` (1-100, default 20) and
 * `starting_after` (the last id of the previous page) in the query; `{data, has_more, next_cursor}` back.
 */
import * as z from 'zod';

export const defaultPageSize = 20;

/** Query fields for a list of items whose ids match `idPattern` (e.g. `mon_…`). */
export function paginationQuery(idPattern: RegExp, idName: string) {
  return {
    limit: z
      .string()
      .regex(/^\d+$/, 'limit must be a whole number')
      .transform(Number)
      .refine((n) => n >= 1 && n <= 100, 'limit must be from 1 to 100')
      .optional(),
    starting_after: z.string().regex(idPattern, `starting_after must be ${idName}`).optional(),
  };
}

export function pageBody<T>(data: T[], hasMore: boolean, idOf: (item: T) => string) {
  return { data, has_more: hasMore, next_cursor: hasMore && data.length > 0 ? idOf(data[data.length - 1]!) : null };
}
