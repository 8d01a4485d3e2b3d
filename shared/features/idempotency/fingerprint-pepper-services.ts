/**
 * The secret pepper of Idempotency-Key fingerprints (request-fingerprint.ts), chosen by configuration:
 * - `IDEMPOTENCY_PEPPER_SECRET_ID` (deployed): a Secrets Manager secret the stack generates (64 random
 *   characters); its SecretString is the pepper.
 * - `IDEMPOTENCY_PEPPER_FILE` (local): a file holding 32 random bytes (base64), created on first use.
 * Loaded once per container, on the first request that carries an Idempotency-Key; a failed load is
 * retried on the next one. The pepper is never rotated: a new pepper would make every retry within the
 * records' 24 hours look like a different request.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { environment } from '../../platform/config.ts';
import { writeFileOnce } from '../../platform/files/write-file-once.ts';
import { containerLoad } from '../../platform/container.ts';

export const fingerprintPepperEnv = {
  secretId: 'IDEMPOTENCY_PEPPER_SECRET_ID',
  file: 'IDEMPOTENCY_PEPPER_FILE',
} as const;

/** Shortest pepper accepted: 32 bytes, as HMAC-SHA256 wants at least. */
const minPepperBytes = 32;

export class FingerprintPepperError extends Error {}

async function fromSecretsManager(secretId: string): Promise<Buffer> {
  // The client is loaded here, not with the module: every authenticated function imports this module,
  // and a container needs the client once at most (only for a POST with an Idempotency-Key).
  const { secretString } = await import('./adapters/pepper-secret.ts');
  const value = await secretString(secretId);
  if (value === undefined) throw new FingerprintPepperError(`Secret ${secretId} has no SecretString`);
  return checked(Buffer.from(value, 'utf8'), `Secret ${secretId}`);
}

async function fromFile(path: string): Promise<Buffer> {
  await writeFileOnce(path, randomBytes(minPepperBytes).toString('base64'));
  return checked(Buffer.from((await readFile(path, 'utf8')).trim(), 'base64'), path);
}

function checked(pepper: Buffer, source: string): Buffer {
  if (pepper.length < minPepperBytes) throw new FingerprintPepperError(`${source} holds a pepper shorter than ${minPepperBytes} bytes`);
  return pepper;
}

/** Loads the pepper a configuration names (no caching). */
export function fingerprintPepperFromConfig(env: Readonly<Record<string, string | undefined>>): Promise<Buffer> {
  const secretId = env[fingerprintPepperEnv.secretId]?.trim();
  if (secretId) return fromSecretsManager(secretId);
  const file = env[fingerprintPepperEnv.file]?.trim();
  if (file) return fromFile(file);
  return Promise.reject(
    new FingerprintPepperError(
      `Missing configuration: set ${fingerprintPepperEnv.secretId} (deployed) or ${fingerprintPepperEnv.file} (local) for Idempotency-Key fingerprints.`,
    ),
  );
}

const containerPepper = containerLoad(() => fingerprintPepperFromConfig(environment()));

/** The pepper of this container, loaded from the environment on first use and reused afterwards. */
export function fingerprintPepper(): Promise<Buffer> {
  return containerPepper();
}
