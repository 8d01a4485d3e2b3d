/**
 * The evidence archive queue: a source response kept as evidence, in a message, until it is in the
 * evidence bucket. A verification names evidence once it is durably kept: in the bucket, or accepted by
 * this queue, whichever comes first (evidence-store.ts), so the bucket's write is never on the path of
 * an answer. The message is delayed `archiveDelaySeconds`: by then the verification's own write has
 * almost always landed and the worker (functions/evidence/archive-evidence.ts) finds the object there;
 * otherwise (the function was frozen or ended before its write finished) the worker writes it.
 */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { sqs } from '../aws/sqs.ts';
import { queueUrl } from '../config.ts';

/** How long a message waits before the worker checks that its response is archived. */
export const archiveDelaySeconds = 60;

/** The delay messages get: `EVIDENCE_ARCHIVE_DELAY_SECONDS` when set (a local stack or test may shorten it), else `archiveDelaySeconds`. */
function delaySeconds(): number {
  const configured = Number(process.env.EVIDENCE_ARCHIVE_DELAY_SECONDS);
  return process.env.EVIDENCE_ARCHIVE_DELAY_SECONDS && Number.isInteger(configured) && configured >= 0 && configured <= 900 ? configured : archiveDelaySeconds;
}

/**
 * The largest compressed response sent through the queue (base64 adds a third; SQS takes 256 KiB a
 * message). A larger one is named only once its write to the bucket has finished.
 */
export const maxQueuedBytes = 180 * 1024;

export const evidenceArchiveMessageSchema = z.object({
  kind: z.literal('evidence_archive'),
  /** The object key in the evidence bucket (evidence-store.ts `evidenceObjectKey`). */
  key: z.string().regex(/^responses\/\d{4}\/[0-9a-f]{64}\.gz$/),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  content_type: z.string().max(200),
  source: z.string().max(200),
  /** The response, gzip-compressed as it is stored, base64. */
  body_gzip_base64: z.string(),
});

export type EvidenceArchiveMessage = z.infer<typeof evidenceArchiveMessageSchema>;

export async function queueEvidence(message: EvidenceArchiveMessage): Promise<void> {
  await sqs().send(new SendMessageCommand({ QueueUrl: queueUrl('evidenceArchive'), MessageBody: JSON.stringify(message), DelaySeconds: delaySeconds() }));
}
