/**
 * Local certificate signer: an EC P-256 private key in a PKCS#8 PEM file (RFC 5208 / RFC 5958, PEM per
 * RFC 7468), signing ES256 with node:crypto. The local stack creates one file per certificate mode on
 * first start.
 */
import { writeFileOnce } from '../../platform/files/write-file-once.ts';
import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { KeyMode } from '../../domain/caller.ts';
import { publicJwk, signingKeyJwk, type Jwk, type SigningKeyJwk } from './jwk.ts';
import type { CertificateSigner } from './certificate-signer.ts';

/**
 * Creates a new P-256 key at `path` (mode 0600) unless a file is already there, in which case that file
 * must hold a P-256 private key. A new key is written to a temporary file and hard-linked into place, so
 * a concurrent caller never sees a partial file and never replaces an existing key.
 */
export async function ensureLocalSigningKey(path: string): Promise<void> {
  const existing = await readFile(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (existing) {
    loadPrivateKey(existing, path);
    return;
  }
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' });
  await writeFileOnce(path, String(pem));
}

export class LocalKeySigner implements CertificateSigner {
  private loaded: Promise<{ privateKey: KeyObject; jwk: SigningKeyJwk }> | undefined;

  /** `mode`: the certificates this key signs. */
  constructor(
    private readonly path: string,
    readonly mode: KeyMode,
  ) {}

  readonly keyId = async (): Promise<string> => (await this.key()).jwk.kid;

  async sign(data: Uint8Array): Promise<Uint8Array> {
    const { privateKey } = await this.key();
    return new Uint8Array(sign('sha256', data, { key: privateKey, dsaEncoding: 'ieee-p1363' }));
  }

  async publicKeys(): Promise<SigningKeyJwk[]> {
    return [(await this.key()).jwk];
  }

  /** Reads and checks the key file once; a failed read is retried on the next call. */
  private key(): Promise<{ privateKey: KeyObject; jwk: SigningKeyJwk }> {
    if (!this.loaded) {
      const loading = readFile(this.path).then((pem) => {
        const { privateKey, jwk } = loadPrivateKey(pem, this.path);
        return { privateKey, jwk: signingKeyJwk(jwk, this.mode) };
      });
      loading.catch(() => {
        if (this.loaded === loading) this.loaded = undefined;
      });
      this.loaded = loading;
    }
    return this.loaded;
  }
}

function loadPrivateKey(pem: Buffer, path: string): { privateKey: KeyObject; jwk: Jwk } {
  try {
    const privateKey = createPrivateKey({ key: pem, format: 'pem' });
    return { privateKey, jwk: publicJwk(privateKey) };
  } catch (error) {
    throw new Error(`${path} does not hold a PEM EC P-256 private key: ${(error as Error).message}`, { cause: error });
  }
}
