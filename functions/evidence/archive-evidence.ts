import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { isObjectNotStored, s3 } from '#shared/aws/s3.ts';
import { bucketName } from '#shared/config.ts';
import { containerValue } from '#shared/container.ts';
import { evidenceArchiveMessageSchema } from '#shared/evidence/evidence-archive-queue.ts';
import { EvidenceStore, sha256Hex } from '#shared/evidence/evidence-store.ts';
import { logger } from '#shared/observability/logger.ts';
import { queueWorker } from '#shared/workers/queue-worker.ts';
import { gunzipSync } from 'node:zlib';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ store: new EvidenceStore() }));

/**
 * A queued source response, a minute after the verification that received it: nothing to do when the
 * evidence bucket holds it (the verification's own write landed, as it almost always has); else it is
 * written now, after checking the bytes still match the hash the certificate names. A failure is
 * retried by the queue.
 */
export const handler = queueWorker('EvidenceArchive', evidenceArchiveMessageSchema, async (message) => {
  try {
    await s3().send(new HeadObjectCommand({ Bucket: bucketName('evidence'), Key: message.key }));
    return;
  } catch (error) {
    if (!isObjectNotStored(error)) throw error;
  }
  const body = Buffer.from(message.body_gzip_base64, 'base64');
  if (sha256Hex(gunzipSync(body)) !== message.sha256) throw new Error(`Queued evidence ${message.sha256} does not match its hash`);
  await dependencies().store.writeObject(message.key, message.sha256, { contentType: message.content_type, source: message.source }, body);
  logger.info('Evidence archived by the worker', { key: message.key, source: message.source });
});
