/**
 * Sealed webhook secrets are bound to their monitor and owner: KMS through aws-sdk-client-mock with a
 * fake that, like KMS, authenticates the encryption context with the ciphertext (Decrypt with another
 * context fails with InvalidCiphertextException), and the local AES-GCM sealer over a key file.
 */
import { DecryptCommand, EncryptCommand, KMSClient, type DecryptCommandInput, type EncryptCommandInput } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encryptionContext, LocalSecretSealer, type SecretBinding, type SecretSealer } from '#shared/features/monitoring/secrets/secret-sealer.ts';
import { KmsSecretSealer } from '#shared/features/monitoring/secrets/adapters/kms-secret-sealer.ts';

const keyId = 'arn:aws:kms:us-east-1:111122223333:key/webhook-secrets';
const secret = 'a-very-secret-value-123';
const mine: SecretBinding = { monitorId: 'mon_AAAAAAAAAAAAAAAAAAAAAAAA', accountId: 'acct_one', mode: 'live' };
const others: [string, SecretBinding][] = [
  ['another monitor of the same owner', { ...mine, monitorId: 'mon_BBBBBBBBBBBBBBBBBBBBBBBB' }],
  ['the same monitor id under another account', { ...mine, accountId: 'acct_two' }],
  ['the same monitor id in the other mode', { ...mine, mode: 'test' }],
];

/** KMS's behaviour for symmetric keys: the context is authenticated data; a different one fails Decrypt. */
function fakeKms() {
  const key = randomBytes(32);
  const aad = (context: Record<string, string> | undefined) =>
    Buffer.from(JSON.stringify(Object.entries(context ?? {}).sort(([a], [b]) => a.localeCompare(b))));
  const contexts: Record<string, string>[] = [];
  return {
    contexts,
    encrypt(input: EncryptCommandInput) {
      contexts.push({ ...input.EncryptionContext });
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(input.EncryptionContext));
      const body = Buffer.concat([cipher.update(Buffer.from(input.Plaintext!)), cipher.final()]);
      return { KeyId: input.KeyId, CiphertextBlob: new Uint8Array(Buffer.concat([iv, cipher.getAuthTag(), body])) };
    },
    decrypt(input: DecryptCommandInput) {
      contexts.push({ ...input.EncryptionContext });
      const blob = Buffer.from(input.CiphertextBlob!);
      const decipher = createDecipheriv('aes-256-gcm', key, blob.subarray(0, 12)).setAAD(aad(input.EncryptionContext));
      decipher.setAuthTag(blob.subarray(12, 28));
      try {
        return { KeyId: keyId, Plaintext: new Uint8Array(Buffer.concat([decipher.update(blob.subarray(28)), decipher.final()])) };
      } catch {
        throw Object.assign(new Error('InvalidCiphertextException'), { name: 'InvalidCiphertextException' });
      }
    },
  };
}

describe('KMS sealer', () => {
  const kmsMock = mockClient(KMSClient);
  let fake: ReturnType<typeof fakeKms>;
  const sealer = new KmsSecretSealer(keyId, new KMSClient({ region: 'us-east-1' }));

  beforeEach(() => {
    kmsMock.reset();
    fake = fakeKms();
    kmsMock.on(EncryptCommand).callsFake((input: EncryptCommandInput) => fake.encrypt(input));
    kmsMock.on(DecryptCommand).callsFake((input: DecryptCommandInput) => fake.decrypt(input));
  });
  afterAll(() => kmsMock.restore());

  it('encrypts under a context naming the purpose, the monitor and its owner (account and mode)', async () => {
    const sealed = await sealer.seal(secret, mine);
    expect(sealed).toMatch(/^kms2:/);
    expect(sealed).not.toContain(secret);
    expect(fake.contexts[0]).toEqual({ purpose: 'webhook-secret', monitor_id: mine.monitorId, account_id: 'acct_one', mode: 'live' });
    expect(encryptionContext(mine)).toEqual(fake.contexts[0]);
    expect(await sealer.open(sealed, mine)).toBe(secret);
  });

  it.each(others)('does not open for %s', async (_label, binding) => {
    const sealed = await sealer.seal(secret, mine);
    await expect(sealer.open(sealed, binding)).rejects.toMatchObject({ name: 'InvalidCiphertextException' });
  });

  it('still opens a secret sealed before binding (kms:, context purpose only), for whichever monitor holds it', async () => {
    const legacy = fake.encrypt({ KeyId: keyId, Plaintext: Buffer.from(secret), EncryptionContext: { purpose: 'webhook-secret' } });
    const sealed = `kms:${Buffer.from(legacy.CiphertextBlob).toString('base64')}`;
    expect(await sealer.open(sealed, mine)).toBe(secret);
    expect(fake.contexts.at(-1)).toEqual({ purpose: 'webhook-secret' });
    // A bound value relabelled as legacy does not open either: the context still differs.
    const bound = await sealer.seal(secret, mine);
    await expect(sealer.open(`kms:${bound.slice('kms2:'.length)}`, mine)).rejects.toMatchObject({ name: 'InvalidCiphertextException' });
  });

  it('refuses a value it did not make', async () => {
    await expect(sealer.open('aes2:AAAA', mine)).rejects.toThrow(/Not a KMS-sealed secret/);
  });
});

describe('local sealer', () => {
  let dir: string;
  let sealer: SecretSealer;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sealer-'));
    sealer = new LocalSecretSealer(join(dir, 'webhook-secret.key'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('binds the same way: opens for its monitor and owner only', async () => {
    const sealed = await sealer.seal(secret, mine);
    expect(sealed).toMatch(/^aes2:/);
    expect(await sealer.open(sealed, mine)).toBe(secret);
    for (const [label, binding] of others) await expect(sealer.open(sealed, binding), label).rejects.toThrow(/unable to authenticate/);
  });

  it('still opens a secret sealed before binding (aes:, additional data "webhook-secret")', async () => {
    // Made as the previous version of the sealer made it, with the same key file.
    const key = Buffer.from((await readFile(join(dir, 'webhook-secret.key'), 'utf8')).trim(), 'base64');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from('webhook-secret'));
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    const legacy = `aes:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    expect(await sealer.open(legacy, mine)).toBe(secret);
  });
});
