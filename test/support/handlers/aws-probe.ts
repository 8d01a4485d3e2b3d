/**
 * Makes one AWS call, named by the event, and answers what came back: the local stack's AWS rules are
 * checked through it (it runs as the test function `TestAwsProbe`, with that route's permissions).
 */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { s3 } from '#shared/platform/aws/s3.ts';
import { bucketName, tableName } from '#shared/platform/config.ts';

const calls = {
  getVerification: () => dynamo().send(new GetCommand({ TableName: tableName('verifications'), Key: { verification_id: 'nope' } })),
  deleteVerification: () => dynamo().send(new DeleteCommand({ TableName: tableName('verifications'), Key: { verification_id: 'nope' } })),
  getMissingPdf: () => s3().send(new GetObjectCommand({ Bucket: bucketName('certificates'), Key: 'certificates/missing.pdf' })),
  putPdfWithoutChecksum: () =>
    s3().send(
      new PutObjectCommand({ Bucket: bucketName('certificates'), Key: `probe/${Date.now()}-plain.pdf`, Body: new Uint8Array([1, 2, 3]), IfNoneMatch: '*' }),
    ),
  putPdfWithChecksum: () =>
    s3().send(
      new PutObjectCommand({
        Bucket: bucketName('certificates'),
        Key: `probe/${Date.now()}-sum.pdf`,
        Body: new Uint8Array([1, 2, 3]),
        ChecksumAlgorithm: 'SHA256',
        IfNoneMatch: '*',
      }),
    ),
  putPdfUnconditionally: () =>
    s3().send(
      new PutObjectCommand({
        Bucket: bucketName('certificates'),
        Key: `probe/${Date.now()}-any.pdf`,
        Body: new Uint8Array([1, 2, 3]),
        ChecksumAlgorithm: 'SHA256',
      }),
    ),
  putTestPdfUnconditionally: () =>
    s3().send(new PutObjectCommand({ Bucket: bucketName('testCertificates'), Key: `probe/${Date.now()}-any.pdf`, Body: new Uint8Array([1, 2, 3]) })),
  putTestPdfConditionally: () =>
    s3().send(
      new PutObjectCommand({ Bucket: bucketName('testCertificates'), Key: `probe/${Date.now()}-new.pdf`, Body: new Uint8Array([1, 2, 3]), IfNoneMatch: '*' }),
    ),
  /** The same key written conditionally twice at once, then once more: S3 takes exactly one. */
  putTestPdfConditionallyThrice: async () => {
    const put = (byte: number) =>
      s3().send(new PutObjectCommand({ Bucket: bucketName('testCertificates'), Key: 'probe/once.pdf', Body: new Uint8Array([byte]), IfNoneMatch: '*' }));
    const outcomes = await Promise.allSettled([put(1), put(2)]);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    if (refused.length !== 1) throw new Error(`expected one of two concurrent writes refused, got ${refused.length}`);
    await put(3);
  },
};

export async function handler(event: { call: keyof typeof calls }): Promise<{ ok: true } | { ok: false; name: string; status?: number; message: string }> {
  try {
    await calls[event.call]();
    return { ok: true };
  } catch (error) {
    const e = error as { name: string; message: string; $metadata?: { httpStatusCode?: number } };
    return { ok: false, name: e.name, status: e.$metadata?.httpStatusCode, message: e.message };
  }
}
