/**
 * The message on the LEIE ingest queue: the schedule's `{ kind: 'leie_ingest' }` with its scheduled time
 * (resources.ts `schedules.leieCheck`), and `force` to load the list even when it has not changed.
 */
import * as z from 'zod';

export const leieIngestMessageSchema = z.object({
  kind: z.literal('leie_ingest'),
  /** When the schedule fired (ISO 8601). */
  scheduled_at: z.iso.datetime({ offset: true }).optional(),
  force: z.boolean().optional(),
});

export type LeieIngestMessage = z.output<typeof leieIngestMessageSchema>;
