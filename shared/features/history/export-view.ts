/**
 * What `POST /v1/verifications/exports` and `GET /v1/verifications/exports/{export_id}` answer: the
 * export's state, the progress of its writing and, once ready, a short-lived download link.
 */
import * as z from 'zod';
import { publicBaseUrl } from '../../platform/config.ts';
import { historyExportIdPattern } from '../../platform/ids.ts';
import { progressIntervalMs, retryAfterSeconds } from './export-progress.ts';
import { exportStatuses, type ExportRecord } from './export-record.ts';

export const exportIdSchema = z.string().regex(historyExportIdPattern).meta({ description: 'Export id: `exp_` and 24 base62 characters.' });

/** How long the view's `download_url` works at most (less when its signing credentials end sooner). */
export const downloadLinkSeconds = 15 * 60;

/**
 * How long the link `GET /v1/verifications/exports/{export_id}/download` redirects to works: signed at the
 * moment of that request, and followed at once.
 */
export const fileLinkSeconds = 60;

/**
 * How long a link to the export's file signed at `now` may live: `seconds` (`downloadLinkSeconds` unless
 * said), but never past the export's `expires_at`, from which the export is no longer served (at least a second).
 */
export function downloadLinkSecondsAt(record: Pick<ExportRecord, 'expires_at'>, now: Date, seconds: number = downloadLinkSeconds): number {
  const left = Math.floor((record.expires_at * 1000 - now.getTime()) / 1000);
  return Math.max(1, Math.min(seconds, left));
}

export const exportViewSchema = z
  .strictObject({
    export_id: exportIdSchema,
    status: z.enum([...exportStatuses, 'expired']).meta({
      description:
        '`pending` until the file is written, then `ready`; `failed` when it could not be written after three attempts (ask for a new export); `expired` a day after the request (`expires_at`), when no link works any more; S3 deletes the file within about a day after.',
    }),
    created_at: z.iso.datetime(),
    snapshot_at: z.iso.datetime().meta({
      description: 'The export holds exactly the matching verifications created before this time (the request time); later ones are never in it.',
    }),
    filters: z.record(z.string(), z.union([z.string(), z.boolean()])).meta({ description: 'The filters of the request, as given.' }),
    row_count: z.number().int().nullable().meta({ description: 'Rows of the CSV (verifications), once ready.' }),
    progress: z
      .strictObject({
        attempt: z.number().int().min(1).meta({
          description:
            'The attempt writing (or that wrote) the file: 1 for the first, and an export has at most three. A new attempt starts again from 0 rows.',
        }),
        rows_written: z
          .number()
          .int()
          .min(0)
          .meta({
            description: `Rows written so far by this attempt, updated at most every ${progressIntervalMs / 1000} seconds while it writes; once ready, \`row_count\`. The total is not known before the file is written.`,
          }),
        started_at: z.iso.datetime().meta({ description: 'When this attempt started writing.' }),
        updated_at: z.iso.datetime().meta({ description: 'When `rows_written` was last updated.' }),
      })
      .nullable()
      .meta({ description: 'The writing of the file: null until a worker starts writing it (about half a minute after the request).' }),
    completed_at: z.iso.datetime().nullable(),
    download_url: z.string().nullable().meta({
      description:
        'Once ready: a presigned HTTPS link to the CSV, signed when this view was read and valid until `download_expires_at`: up to 15 minutes, possibly less (when the export expires sooner, or the credentials that signed it end sooner). To download at any time until `expires_at`, use `file_url` instead.',
    }),
    download_expires_at: z.iso.datetime().nullable().meta({ description: 'When `download_url` stops working.' }),
    file_url: z.string().nullable().meta({
      description:
        'Once ready: the stable URL of the file, `GET /v1/verifications/exports/{export_id}/download`. Call it with your API key at any time until `expires_at`: it answers `302 Found` to a link signed at that moment, valid 60 seconds, to follow at once.',
    }),
    notify_monitor_id: z.string().nullable().meta({
      description: 'The monitor sent `export.ready` or `export.failed` when the export ends, as requested; null when none was named.',
    }),
    expires_at: z.iso.datetime().meta({
      description:
        'When the export expires: from then on it says `expired` and gives no link, and no link it gave works past this time. S3 deletes the file within about a day after it.',
    }),
  })
  .meta({ title: 'History export' });

export type ExportView = z.output<typeof exportViewSchema>;

export function isExpired(record: ExportRecord, now: Date): boolean {
  return record.expires_at * 1000 <= now.getTime();
}

export function exportView(record: ExportRecord, now: Date, download?: { url: string; expiresAt: string }): ExportView {
  const expired = isExpired(record, now);
  return {
    export_id: record.export_id,
    status: expired ? 'expired' : record.status,
    created_at: record.created_at,
    snapshot_at: record.snapshot_at,
    filters: record.filters as Record<string, string | boolean>,
    row_count: record.row_count ?? null,
    progress: record.progress
      ? {
          attempt: record.progress.attempt,
          rows_written: record.progress.rows_written,
          started_at: record.progress.started_at,
          updated_at: record.progress.updated_at,
        }
      : null,
    completed_at: record.completed_at ?? null,
    download_url: !expired && download ? download.url : null,
    download_expires_at: !expired && download ? download.expiresAt : null,
    file_url: !expired && record.status === 'ready' ? exportFileLocation(record.export_id) : null,
    notify_monitor_id: record.notify?.monitor_id ?? null,
    expires_at: new Date(record.expires_at * 1000).toISOString(),
  };
}

/** Where the export is polled: the absolute URL of `GET /v1/verifications/exports/{export_id}`. */
export const exportLocation = (exportId: string) => `${publicBaseUrl()}/v1/verifications/exports/${exportId}`;

/** The stable download URL of an export's file: the absolute URL of `GET /v1/verifications/exports/{export_id}/download`. */
export const exportFileLocation = (exportId: string) => `${exportLocation(exportId)}/download`;

/** `Retry-After` of an export's answer while it is pending and not expired: the seconds to wait before looking again (export-progress.ts). */
export function exportRetryHeader(record: ExportRecord, now: Date): Record<string, string> {
  const retryAfter = isExpired(record, now) ? undefined : retryAfterSeconds(record, now);
  return retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) };
}
