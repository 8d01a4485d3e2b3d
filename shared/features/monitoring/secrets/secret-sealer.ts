/**
 * Webhook secrets are stored sealed: with AWS KMS when deployed (`WEBHOOK_SECRET_KMS_KEY_ID`,
 * adapters/kms-secret-sealer.ts), with
 * AES-256-GCM under a local key file otherwise (`WEBHOOK_SECRET_KEY_FILE`, created once). A sealed value
 * says which sealer made it, and how:
 *
 * - `kms2:` / `aes2:` (every value sealed now): bound to its monitor. The KMS encryption context (the
 *   GCM additional data locally) is `purpose=webhook-secret`, `monitor_id`, `account_id` and `mode`,
 *   so a sealed secret copied onto another monitor, or another owner's, does not open: KMS refuses the
 *   Decrypt (the GCM tag does not verify).
 * - `kms:` / `aes:` (sealed before monitors were bound): context `purpose=webhook-secret` only. They
 *   still open, for the monitors stored with them, which need no migration; nothing seals that way now.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { KeyMode } from '../../../domain/caller.ts';
import { writeFileOnce } from '../../../platform/files/write-file-once.ts';

/** Whose secret it is: the monitor and its owner (account and mode). */
export interface SecretBinding {
  readonly monitorId: string;
  readonly accountId: string;
  readonly mode: KeyMode;
}

export interface SecretSealer {
  seal(plain: string, binding: SecretBinding): Promise<string>;
  open(sealed: string, binding: SecretBinding): Promise<string>;
}

const purpose = 'webhook-secret';

/** The encryption context of a bound secret (KMS logs it in CloudTrail with every Decrypt). */
export function encryptionContext(binding: SecretBinding): Record<string, string> {
  return { purpose, monitor_id: binding.monitorId, account_id: binding.accountId, mode: binding.mode };
}

/** The context of secrets sealed before they were bound to their monitor. */
export const legacyContext = { purpose };

/** The context as bytes, for AES-GCM's additional data: sorted keys, JSON. */
function contextBytes(context: Record<string, string>): Buffer {
  return Buffer.from(
    JSON.stringify(
      Object.keys(context)
        .sort()
        .map((key) => [key, context[key]]),
    ),
    'utf8',
  );
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

  async seal(plain: string, binding: SecretBinding): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', await this.loadKey(), iv);
    cipher.setAAD(contextBytes(encryptionContext(binding)));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `aes2:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  async open(sealed: string, binding: SecretBinding): Promise<string> {
    const bound = sealed.startsWith('aes2:');
    if (!bound && !sealed.startsWith('aes:')) throw new Error('Not a locally sealed secret');
    const raw = Buffer.from(sealed.slice(bound ? 5 : 4), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', await this.loadKey(), raw.subarray(0, 12));
    decipher.setAAD(bound ? contextBytes(encryptionContext(binding)) : Buffer.from(purpose));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
