/** The local KMS endpoint signs as KMS does: a raw message, or the SHA-256 digest of a longer one (test/support/kms-endpoint.ts). */
import { GetPublicKeyCommand, KMSClient, SignCommand } from '@aws-sdk/client-kms';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKmsEndpoint, type KmsEndpoint } from '../support/kms-endpoint.ts';

let endpoint: KmsEndpoint;
let client: KMSClient;
beforeAll(async () => {
  endpoint = await startKmsEndpoint(['signing']);
  client = new KMSClient({ endpoint: endpoint.url, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
});
afterAll(async () => {
  client.destroy();
  await endpoint.close();
});

describe('the local KMS endpoint', () => {
  it('signs a message over 4 KB as its SHA-256 digest (MessageType DIGEST), verifiable as ES256 over the message', async () => {
    const message = Buffer.alloc(6_000, 'certificate ');
    const key = createPublicKey({
      key: Buffer.from((await client.send(new GetPublicKeyCommand({ KeyId: 'signing' }))).PublicKey!),
      format: 'der',
      type: 'spki',
    });
    for (let i = 0; i < 3; i++) {
      const out = await client.send(
        new SignCommand({ KeyId: 'signing', Message: createHash('sha256').update(message).digest(), MessageType: 'DIGEST', SigningAlgorithm: 'ECDSA_SHA_256' }),
      );
      expect(verify('sha256', message, { key, dsaEncoding: 'der' }, Buffer.from(out.Signature!))).toBe(true);
    }
  });

  it('refuses a digest that is not 32 bytes', async () => {
    const refused = await client
      .send(new SignCommand({ KeyId: 'signing', Message: Buffer.alloc(20), MessageType: 'DIGEST', SigningAlgorithm: 'ECDSA_SHA_256' }))
      .catch((e: Error) => e);
    expect((refused as Error).name).toBe('ValidationException');
  });
});
