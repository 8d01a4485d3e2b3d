/**
 * The message on the list ingest queue: a schedule's `{ kind: 'list_ingest', list: '<id>' }` with its
 * scheduled time (resources.ts `schedules`, one rule per list), and `force` to load the list even when
 * it has not changed.
 */
import * as z from 'zod';

export const listIngestMessageSchema = z.object({
  kind: z.literal('list_ingest'),
  /** The list's or roster's id (lists/definitions.ts, rosters/definitions.ts). */
  list: z.string().regex(/^[a-z][a-z0-9_]{0,31}$/),
  /** When the schedule fired (ISO 8601). */
  scheduled_at: z.iso.datetime({ offset: true }).optional(),
  force: z.boolean().optional(),
});

export type ListIngestMessage = z.output<typeof listIngestMessageSchema>;
