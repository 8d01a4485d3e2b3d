/** Webhook secrets sealed with AWS KMS, bound to their monitor by the encryption context (secret-sealer.ts). */
import { DecryptCommand, EncryptCommand, type KMSClient } from '@aws-sdk/client-kms';
import { kms } from '../../../../platform/aws/kms.ts';
import { encryptionContext, legacyContext, type SecretBinding, type SecretSealer } from '../secret-sealer.ts';

export class KmsSecretSealer implements SecretSealer {
  constructor(
    private readonly keyId: string,
    private readonly client: KMSClient = kms(),
  ) {}

  async seal(plain: string, binding: SecretBinding): Promise<string> {
    const out = await this.client.send(
      new EncryptCommand({ KeyId: this.keyId, Plaintext: Buffer.from(plain, 'utf8'), EncryptionContext: encryptionContext(binding) }),
    );
    return `kms2:${Buffer.from(out.CiphertextBlob!).toString('base64')}`;
  }

  async open(sealed: string, binding: SecretBinding): Promise<string> {
    const bound = sealed.startsWith('kms2:');
    if (!bound && !sealed.startsWith('kms:')) throw new Error('Not a KMS-sealed secret');
    const out = await this.client.send(
      new DecryptCommand({
        CiphertextBlob: Buffer.from(sealed.slice(bound ? 5 : 4), 'base64'),
        EncryptionContext: bound ? encryptionContext(binding) : legacyContext,
      }),
    );
    return Buffer.from(out.Plaintext!).toString('utf8');
  }
}
