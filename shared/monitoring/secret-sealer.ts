/**
 * Webhook secrets are stored sealed: with AWS KMS when deployed (`WEBHOOK_SECRET_KMS_KEY_ID`, encryption
 * context `purpose=webhook-secret`), with AES-256-GCM under a local key file otherwise
 * (`WEBHOOK_SECRET_KEY_FILE`, created once). A sealed value says which sealer made it.
 */
import { DecryptCommand, EncryptCommand, type KMSClient } from '@aws-sdk/client-kms';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { kms } from '../aws/kms.ts';
import { writeFileOnce } from '../files/write-file-once.ts';

export interface SecretSealer {
  seal(plain: string): Promise<string>;
  open(sealed: string): Promise<string>;
}

const context = { purpose: 'webhook-secret' };

export class KmsSecretSealer implements SecretSealer {
  constructor(
    private readonly keyId: string,
    private readonly client: KMSClient = kms(),
  ) {}

  async seal(plain: string): Promise<string> {
    const out = await this.client.send(new EncryptCommand({ KeyId: this.keyId, Plaintext: Buffer.from(plain, 'utf8'), EncryptionContext: context }));
    return `kms:${Buffer.from(out.CiphertextBlob!).toString('base64')}`;
  }

  async open(sealed: string): Promise<string> {
    if (!sealed.startsWith('kms:')) throw new Error('Not a KMS-sealed secret');
    const out = await this.client.send(new DecryptCommand({ CiphertextBlob: Buffer.from(sealed.slice(4), 'base64'), EncryptionContext: context }));
    return Buffer.from(out.Plaintext!).toString('utf8');
  }
}

export class LocalSecretSealer implements SecretSealer {
  private key: Promise<Buffer> | undefined;

  constructor(private readonly keyFile: string) {}

  private loadKey(): Promise<Buffer> {
    this.key ??= (async () => {
      await writeFileOnce(this.keyFile, randomBytes(32).toString('base64'));
      const key = Buffer.from((await readFile(this.keyFile, 'utf8')).trim(), 'base64');
      if (key.length !== 32) throw new Error(`${this.keyFile} does not hold a 32-byte key`);
      return key;
    })();
    return this.key;
  }

  async seal(plain: string): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', await this.loadKey(), iv);
    cipher.setAAD(Buffer.from(context.purpose));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `aes:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  async open(sealed: string): Promise<string> {
    if (!sealed.startsWith('aes:')) throw new Error('Not a locally sealed secret');
    const raw = Buffer.from(sealed.slice(4), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', await this.loadKey(), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(context.purpose));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}

let sealer: SecretSealer | undefined;

export function sealerFromEnvironment(): SecretSealer {
  if (!sealer) {
    const kmsKey = process.env.WEBHOOK_SECRET_KMS_KEY_ID;
    const keyFile = process.env.WEBHOOK_SECRET_KEY_FILE;
    if (kmsKey) sealer = new KmsSecretSealer(kmsKey);
    else if (keyFile) sealer = new LocalSecretSealer(keyFile);
    else throw new Error('Missing configuration: set WEBHOOK_SECRET_KMS_KEY_ID (deployed) or WEBHOOK_SECRET_KEY_FILE (local)');
  }
  return sealer;
}
