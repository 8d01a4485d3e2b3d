/**
 * Items read back from a table are parsed, never cast: an item that does not match its schema is an
 * error naming the table and the item's id (and the fields at fault, never their values), so it fails
 * the request or message loudly instead of travelling on with a type it does not have.
 */
import type * as z from 'zod';

export class StoredItemError extends Error {
  constructor(
    readonly table: string,
    readonly itemId: string,
    readonly issues: readonly string[],
  ) {
    super(`Stored ${table} item ${itemId} does not match its schema: ${issues.join('; ')}`);
    this.name = 'StoredItemError';
  }
}

/** The item parsed with `schema`, or a `StoredItemError` for `itemId`. */
export function parseStoredItem<S extends z.ZodType>(table: string, itemId: string, schema: S, item: unknown): z.output<S> {
  const parsed = schema.safeParse(item);
  if (parsed.success) return parsed.data;
  throw new StoredItemError(
    table,
    itemId,
    parsed.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(item)'}: ${issue.message}`),
  );
}
