/**
 * AWS KMS certificate signer: an asymmetric KMS key of key spec ECC_NIST_P256 with usage SIGN_VERIFY,
 * algorithm ECDSA_SHA_256 (= ES256). KMS returns DER signatures (converted to raw r||s) and DER
 * SubjectPublicKeyInfo public keys (converted to JWKs). Public keys never change for a KMS key id, so
 * each is fetched once per signer, that is once per container. Every listed key must stay readable
 * (GetPublicKey): a previous key that cannot be fetched fails `publicKeys()`, and with it the JWKS and
 * issuing, rather than silently dropping certificates signed by it from verification. Each certificate
 * mode has its own KMS key and so its own signer. KMS may return a high-S signature; `issueCertificate`
 * turns it into its low-S form.
 */
import { GetPublicKeyCommand, SignCommand, type KMSClient } from '@aws-sdk/client-kms';
import { kms } from '../../../platform/aws/kms.ts';
import { createHash } from 'node:crypto';
import type { KeyMode } from '../../../domain/caller.ts';
import { jwkFromSpkiDer, signingKeyJwk, type SigningKeyJwk } from '../jwk.ts';
import { derToRaw } from '../signature.ts';
import { SigningConfigurationError } from '../configuration-error.ts';
import type { CertificateSigner } from '../certificate-signer.ts';

/** KMS signs messages of up to 4096 bytes with MessageType RAW; longer ones are sent as their SHA-256 digest. */
export const kmsRawMessageLimit = 4096;

export interface KmsSignerOptions {
  /** The certificates these keys sign. */
  readonly mode: KeyMode;
  /** Key id, key ARN, alias name or alias ARN of the current signing key. */
  readonly keyId: string;
  /** Earlier signing keys whose public keys stay in the JWKS, newest first. */
  readonly previousKeyIds?: readonly string[];
  readonly client?: KMSClient;
}

export class KmsSigner implements CertificateSigner {
  private readonly currentKmsKeyId: string;
  private readonly kmsKeyIds: readonly string[];
  private readonly client: () => KMSClient;
  private readonly publicKeyCache = new Map<string, Promise<SigningKeyJwk>>();
  readonly mode: KeyMode;

  constructor(options: KmsSignerOptions) {
    this.mode = options.mode;
    this.currentKmsKeyId = options.keyId;
    this.kmsKeyIds = [...new Set([options.keyId, ...(options.previousKeyIds ?? [])])];
    this.client = options.client ? () => options.client! : kms;
  }

  readonly keyId = async (): Promise<string> => (await this.publicKey(this.currentKmsKeyId)).kid;

  async sign(data: Uint8Array): Promise<Uint8Array> {
    const raw = data.length <= kmsRawMessageLimit;
    const out = await this.client().send(
      new SignCommand({
        KeyId: this.currentKmsKeyId,
        Message: raw ? data : createHash('sha256').update(data).digest(),
        MessageType: raw ? 'RAW' : 'DIGEST',
        SigningAlgorithm: 'ECDSA_SHA_256',
      }),
    );
    if (!out.Signature) throw new Error(`KMS returned no signature for key ${this.currentKmsKeyId}`);
    return derToRaw(out.Signature);
  }

  async publicKeys(): Promise<SigningKeyJwk[]> {
    const keys = await Promise.all(this.kmsKeyIds.map((id) => this.publicKey(id)));
    const seen = new Set<string>();
    return keys.filter((key) => !seen.has(key.kid) && seen.add(key.kid));
  }

  /** The public key of one KMS key, fetched once; a failed fetch is retried on the next call. */
  private publicKey(kmsKeyId: string): Promise<SigningKeyJwk> {
    let cached = this.publicKeyCache.get(kmsKeyId);
    if (!cached) {
      const fetching = this.fetchPublicKey(kmsKeyId);
      fetching.catch(() => {
        if (this.publicKeyCache.get(kmsKeyId) === fetching) this.publicKeyCache.delete(kmsKeyId);
      });
      this.publicKeyCache.set(kmsKeyId, fetching);
      cached = fetching;
    }
    return cached;
  }

  private async fetchPublicKey(kmsKeyId: string): Promise<SigningKeyJwk> {
    const out = await this.client().send(new GetPublicKeyCommand({ KeyId: kmsKeyId }));
    if (out.KeySpec !== undefined && out.KeySpec !== 'ECC_NIST_P256') {
      throw new SigningConfigurationError(`KMS key ${kmsKeyId} has key spec ${out.KeySpec}; certificates need ECC_NIST_P256`);
    }
    if (out.KeyUsage !== undefined && out.KeyUsage !== 'SIGN_VERIFY') {
      throw new SigningConfigurationError(`KMS key ${kmsKeyId} has key usage ${out.KeyUsage}; certificates need SIGN_VERIFY`);
    }
    if (!out.PublicKey) throw new Error(`KMS returned no public key for key ${kmsKeyId}`);
    return signingKeyJwk(jwkFromSpkiDer(out.PublicKey), this.mode);
  }
}
