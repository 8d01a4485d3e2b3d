/** The DynamoDB table of Idempotency-Key records (the `IdempotencyStore` of idempotency.ts). */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { brotliCompressSync, brotliDecompressSync, constants as zlib } from 'node:zlib';
import { dynamo } from '../../../platform/aws/dynamo.ts';
import { tableName } from '../../../platform/config.ts';
import { epochSeconds } from '../../limits/windows.ts';
import { claimLeaseSeconds, idempotencyTtlSeconds, type Claim, type IdempotencyStore, type StoredResponse } from '../idempotency.ts';
import { isSameRequest, type RequestFingerprints } from '../request-fingerprint.ts';

/** Bodies longer than this (UTF-8 bytes) are stored compressed. */
export const compressAboveBytes = 4 * 1024;

/** A response as the record holds it: the body as text, or compressed. */
type StoredResponseItem = Omit<StoredResponse, 'body'> & { readonly body?: string; readonly body_br?: Uint8Array };

function toItem(response: StoredResponse): StoredResponseItem {
  const bytes = Buffer.from(response.body, 'utf8');
  if (bytes.length <= compressAboveBytes) return response;
  const { body: _, ...rest } = response;
  const body_br = brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
  return { ...rest, body_br };
}

function fromItem(item: StoredResponseItem): StoredResponse {
  const { body_br, body, ...rest } = item;
  return { ...rest, body: body_br ? brotliDecompressSync(body_br).toString('utf8') : (body ?? '') };
}

export interface IdempotencyRecord {
  readonly scope_key: string;
  /** `h1:<HMAC-SHA256 hex>`, or the plain SHA-256 hex of records written before fingerprints were keyed. */
  readonly fingerprint: string;
  readonly state: 'in_progress' | 'failed' | 'completed';
  readonly lease_until: number;
  readonly expires_at: number;
  readonly charged?: number;
  readonly response?: StoredResponseItem;
}

export class DynamoIdempotencyStore implements IdempotencyStore {
  async claim(scopeKey: string, fingerprints: RequestFingerprints, now: Date, attempt = 0): Promise<Claim> {
    const nowS = epochSeconds(now);
    const table = tableName('idempotency');
    try {
      await dynamo().send(
        new PutCommand({
          TableName: table,
          Item: {
            scope_key: scopeKey,
            fingerprint: fingerprints.current,
            state: 'in_progress',
            lease_until: nowS + claimLeaseSeconds,
            expires_at: nowS + idempotencyTtlSeconds,
            charged: 0,
          },
          ConditionExpression: 'attribute_not_exists(scope_key) OR expires_at <= :now',
          ExpressionAttributeValues: { ':now': nowS },
        }),
      );
      return { outcome: 'claimed', charged: 0 };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
    // A live record exists: resume it if it failed or its claim was abandoned, else report why not.
    try {
      const out = await dynamo().send(
        new UpdateCommand({
          TableName: table,
          Key: { scope_key: scopeKey },
          UpdateExpression: 'SET #state = :inp, lease_until = :lease',
          ConditionExpression:
            '(fingerprint = :fp OR fingerprint = :legacy) AND expires_at > :now AND (#state = :failed OR (#state = :inp AND lease_until <= :now))',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: {
            ':inp': 'in_progress',
            ':failed': 'failed',
            ':lease': nowS + claimLeaseSeconds,
            ':fp': fingerprints.current,
            ':legacy': fingerprints.legacy,
            ':now': nowS,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { outcome: 'claimed', charged: Number(out.Attributes?.charged ?? 0) };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
    const out = await dynamo().send(new GetCommand({ TableName: table, Key: { scope_key: scopeKey }, ConsistentRead: true }));
    const record = out.Item as IdempotencyRecord | undefined;
    if (!record || record.expires_at <= nowS) {
      if (attempt >= 3) throw new Error('Idempotency record contention');
      return this.claim(scopeKey, fingerprints, now, attempt + 1);
    }
    if (!isSameRequest(record.fingerprint, fingerprints)) return { outcome: 'conflict' };
    if (record.state === 'completed' && record.response) return { outcome: 'replay', response: fromItem(record.response) };
    return { outcome: 'in_progress', retryAfter: Math.max(1, record.lease_until - nowS) };
  }

  /** Records quota units charged under this claim (before the charge, so a crash never double-charges). */
  async addCharged(scopeKey: string, units: number): Promise<void> {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('idempotency'),
        Key: { scope_key: scopeKey },
        UpdateExpression: 'ADD charged :u',
        ExpressionAttributeValues: { ':u': units },
      }),
    );
  }

  async complete(scopeKey: string, response: StoredResponse): Promise<void> {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('idempotency'),
        Key: { scope_key: scopeKey },
        UpdateExpression: 'SET #state = :done, #response = :r REMOVE lease_until',
        ExpressionAttributeNames: { '#state': 'state', '#response': 'response' },
        ExpressionAttributeValues: { ':done': 'completed', ':r': toItem(response) },
      }),
    );
  }

  /** Releases the key after an error: forgotten if nothing was charged, else kept as `failed`. */
  async release(scopeKey: string): Promise<void> {
    try {
      await dynamo().send(
        new DeleteCommand({
          TableName: tableName('idempotency'),
          Key: { scope_key: scopeKey },
          ConditionExpression: 'charged = :zero',
          ExpressionAttributeValues: { ':zero': 0 },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName('idempotency'),
          Key: { scope_key: scopeKey },
          UpdateExpression: 'SET #state = :failed REMOVE lease_until',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':failed': 'failed' },
        }),
      );
    }
  }
}
