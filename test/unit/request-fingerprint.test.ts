import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fingerprintPepper, fingerprintPepperFromConfig } from '#shared/features/idempotency/fingerprint-pepper-services.ts';
import { newContainer } from '#shared/platform/container.ts';
import { isSameRequest, requestFingerprints } from '#shared/features/idempotency/request-fingerprint.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lvs-pepper-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('Idempotency-Key request fingerprints', () => {
  const pepper = Buffer.alloc(32, 7);
  const body = { last_name: 'Okafor', dob: '1980-04-01', state: 'WA' };

  it('are keyed: another pepper gives another fingerprint; key order does not matter', () => {
    const a = requestFingerprints(pepper, 'POST', '/v1/verify', body);
    expect(a.current).toMatch(/^h1:[0-9a-f]{64}$/);
    expect(requestFingerprints(Buffer.alloc(32, 8), 'POST', '/v1/verify', body).current).not.toBe(a.current);
    expect(requestFingerprints(pepper, 'POST', '/v1/verify', { state: 'WA', dob: '1980-04-01', last_name: 'Okafor' }).current).toBe(a.current);
    expect(requestFingerprints(pepper, 'POST', '/v1/verify', { ...body, dob: '1980-04-02' }).current).not.toBe(a.current);
  });

  it('match a stored fingerprint of either scheme, each only against its own', () => {
    const f = requestFingerprints(pepper, 'POST', '/v1/verify', body);
    const other = requestFingerprints(pepper, 'POST', '/v1/verify', { ...body, state: 'TX' });
    expect(isSameRequest(f.current, f)).toBe(true);
    expect(isSameRequest(f.legacy, f)).toBe(true);
    expect(isSameRequest(other.current, f)).toBe(false);
    expect(isSameRequest(other.legacy, f)).toBe(false);
    // The plain hash is never accepted where a keyed fingerprint is stored, nor the other way round.
    expect(isSameRequest(`h1:${f.legacy}`, f)).toBe(false);
  });
});

describe('the fingerprint pepper', () => {
  it('locally: a private file of 32 random bytes, made once and then reused', async () => {
    const file = join(dir, 'state', 'idempotency-pepper.key');
    const first = await fingerprintPepperFromConfig({ IDEMPOTENCY_PEPPER_FILE: file });
    expect(first.length).toBe(32);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await fingerprintPepperFromConfig({ IDEMPOTENCY_PEPPER_FILE: file })).equals(first)).toBe(true);
  });

  it('refuses a short pepper and a missing configuration', async () => {
    const short = join(dir, 'short.key');
    await writeFile(short, Buffer.alloc(8).toString('base64'));
    await expect(fingerprintPepperFromConfig({ IDEMPOTENCY_PEPPER_FILE: short })).rejects.toThrow(/shorter than 32 bytes/);
    await expect(fingerprintPepperFromConfig({})).rejects.toThrow(/IDEMPOTENCY_PEPPER_SECRET_ID .* IDEMPOTENCY_PEPPER_FILE/);
  });

  describe("deployed: the stack's generated secret, read once per container (Secrets Manager has no local emulator)", () => {
    const secretsManager = mockClient(SecretsManagerClient);
    afterEach(() => {
      secretsManager.reset();
      newContainer();
      vi.unstubAllEnvs();
    });

    it('prefers the secret to a file, reads it once, and retries a failed read on the next request', async () => {
      const value = 'x'.repeat(64);
      secretsManager.on(GetSecretValueCommand, { SecretId: 'arn:secret:pepper' }).rejectsOnce(new Error('throttled')).resolves({ SecretString: value });
      vi.stubEnv('IDEMPOTENCY_PEPPER_SECRET_ID', 'arn:secret:pepper');
      vi.stubEnv('IDEMPOTENCY_PEPPER_FILE', join(dir, 'unused.key'));
      await expect(fingerprintPepper()).rejects.toThrow(/throttled/);
      const first = await fingerprintPepper();
      expect(first.toString('utf8')).toBe(value);
      expect(await fingerprintPepper()).toBe(first);
      expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(2);
      await expect(stat(join(dir, 'unused.key'))).rejects.toThrow();
    });
  });
});
