/**
 * The one cursor pagination shape every list endpoint shares: `limit` (1-100, default 20) and
 * `starting_after` (the last id of the previous page) in the query; `{data, has_more, next_cursor}` back.
 */
import * as z from 'zod';

export const defaultPageSize = 20;
export const maxPageSize = 100;

/** Query fields for a list of items whose ids match `idPattern` (e.g. `mon_…`). */
export function paginationQuery(idPattern: RegExp, idName: string) {
  return {
    limit: z
      .string()
      .regex(/^\d+$/, 'limit must be a whole number')
      .transform(Number)
      .refine((n) => n >= 1 && n <= maxPageSize, `limit must be from 1 to ${maxPageSize}`)
      .optional()
      // On the wire a query value is a string of digits; the document says what it means, the OpenAPI
      // way for a query parameter: an integer with its bounds (and no string pattern).
      .meta({
        type: 'integer',
        minimum: 1,
        maximum: maxPageSize,
        pattern: undefined,
        description: `Items per page, 1 to ${maxPageSize}; default ${defaultPageSize}.`,
      }),
    starting_after: z
      .string()
      .regex(idPattern, `starting_after must be ${idName}`)
      .optional()
      .meta({ description: `Cursor: \`next_cursor\` of the previous page (${idName}); the page starts after it.` }),
  };
}

export function pageBody<T>(data: T[], hasMore: boolean, idOf: (item: T) => string) {
  return { data, has_more: hasMore, next_cursor: hasMore && data.length > 0 ? idOf(data[data.length - 1]!) : null };
}

/** The response schema of a page of `item`s, as `pageBody` builds it. */
export function pageSchema<T extends z.ZodType>(item: T, idName: string) {
  return z.strictObject({
    data: z.array(item).meta({ description: 'This page, newest first.' }),
    has_more: z.boolean().meta({ description: 'Whether another page follows.' }),
    next_cursor: z
      .string()
      .nullable()
      .meta({ description: `${idName} to pass as \`starting_after\` for the next page; null on the last page.` }),
  });
}
