/**
 * A CSV export of the verification history as it is kept (adapters/export-store.ts): who asked (owner),
 * for what (filters), the snapshot, the writing's progress, and whether the file is ready with how many rows.
 */
import * as z from 'zod';
import { exportProgressSchema } from './export-progress.ts';

/** How long an export and its file are kept. */
export const exportRetentionSeconds = 86_400;

export const exportStatuses = ['pending', 'ready', 'failed'] as const;
export type ExportStatus = (typeof exportStatuses)[number];

const filtersSchema = z.object({
  created_from: z.string().optional(),
  created_to: z.string().optional(),
  state: z.string().optional(),
  status: z.string().optional(),
  verified: z.boolean().optional(),
  npi: z.string().optional(),
  last_name: z.string().optional(),
});

export const exportRecordSchema = z.object({
  export_id: z.string(),
  owner: z.string(),
  status: z.enum(exportStatuses),
  filters: filtersSchema,
  created_at: z.string(),
  snapshot_at: z.string(),
  expires_at: z.number(),
  object_key: z.string(),
  row_count: z.number().optional(),
  completed_at: z.string().optional(),
  /** When the writing is due to start (the queue message's delay); absent on exports made before it was recorded. */
  write_after: z.string().optional(),
  /** The monitor told of the export's end (`notify_monitor_id`) and the id its event will have; absent when none was named. */
  notify: z.object({ monitor_id: z.string(), event_id: z.string() }).optional(),
  /** The writing of the latest attempt: absent until an attempt starts. */
  progress: exportProgressSchema.optional(),
});

export type ExportRecord = z.output<typeof exportRecordSchema>;

/** The object of an export: one key per export id, so a retried worker writes the same object again. */
export const exportObjectKey = (exportId: string) => `exports/${exportId}.csv`;
