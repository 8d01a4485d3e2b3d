/**
 * Read access to verification records for the public record page. Unlike `VerificationStore.getOwned`
 * there is no owner check: whoever holds the id may see the record. Only the attributes the public
 * view needs are read (a projection), so the owning account never leaves the table.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../platform/aws/dynamo.ts';
import { tableName } from '../../../platform/config.ts';
import { withDecompressed } from '../compressed-fields.ts';
import type { StoredPublicRecord } from '../public-record.ts';

/**
 * The record with this id, or undefined. Items past `expires_at` count as gone (DynamoDB deletes
 * expired items lazily). The read is strongly consistent: the id reaches the caller only after the
 * record was written, so a QR code scanned at once must not meet a stale "not found" that caches would then keep.
 */
export async function getPublicRecord(verificationId: string, now: Date = new Date()): Promise<StoredPublicRecord | undefined> {
  const out = await dynamo().send(
    new GetCommand({
      TableName: tableName('verifications'),
      Key: { verification_id: verificationId },
      ConsistentRead: true,
      ProjectionExpression: '#id, #mode, #certificate, #certificateBr, #expires',
      ExpressionAttributeNames: {
        '#id': 'verification_id',
        '#mode': 'mode',
        '#certificate': 'certificate',
        '#certificateBr': 'certificate_br',
        '#expires': 'expires_at',
      },
    }),
  );
  const item = out.Item && withDecompressed(out.Item, ['certificate']);
  if (!item || item.verification_id !== verificationId) return undefined;
  if (typeof item.expires_at === 'number' && item.expires_at <= Math.floor(now.getTime() / 1000)) return undefined;
  return { verification_id: verificationId, mode: item.mode, certificate: item.certificate };
}
