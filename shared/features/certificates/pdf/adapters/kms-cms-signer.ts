/**
 * A CMS signer whose private key is an AWS KMS asymmetric key (usage SIGN_VERIFY): the key never
 * leaves KMS, and only the public X.509 certificate and chain are configuration. KMS signs the SHA-256
 * digest of the CMS signed attributes (`Sign` with MessageType DIGEST):
 *
 * - RSA keys (RSA_2048 is what the stack creates) with RSASSA_PKCS1_V1_5_SHA_256: the PKCS#1 v1.5
 *   signature CMS's sha256WithRSAEncryption carries. Deterministic, so a PDF signed again is
 *   byte-identical, and accepted by every PDF validator (Adobe Acrobat/Reader, poppler's pdfsig,
 *   the EU DSS); Adobe's trust list (AATL) accepts RSA 2048 and above.
 * - ECC_NIST_P256 keys with ECDSA_SHA_256: a DER ECDSA-Sig-Value, as CMS carries it.
 *
 * Before the first signature the key's public key is read once (GetPublicKey) and compared with the
 * certificate's, so a certificate that does not belong to the key is refused instead of producing PDFs
 * no reader accepts.
 */
import { GetPublicKeyCommand, SignCommand, type KMSClient, type SigningAlgorithmSpec } from '@aws-sdk/client-kms';
import { createHash, createPublicKey, type X509Certificate } from 'node:crypto';
import { kms } from '../../../../platform/aws/kms.ts';
import { cmsKeyType, type CmsSigner } from '../cms-signer.ts';
import { PdfSigningMaterialError } from '../pdf-signing-key.ts';

export interface KmsCmsSignerOptions {
  /** Key id, key ARN, alias name or alias ARN of the KMS signing key. */
  readonly keyId: string;
  /** The X.509 certificate issued for the KMS key's public key. */
  readonly certificate: X509Certificate;
  /** Issuing certificates to include, in order. */
  readonly chain?: readonly X509Certificate[];
  readonly client?: KMSClient;
}

export class KmsCmsSigner implements CmsSigner {
  readonly certificate: X509Certificate;
  readonly chain: readonly X509Certificate[];
  readonly keyType: 'rsa' | 'ec';
  private readonly keyId: string;
  private readonly client: () => KMSClient;
  private checked: Promise<void> | undefined;

  constructor(options: KmsCmsSignerOptions) {
    this.keyId = options.keyId;
    this.certificate = options.certificate;
    this.chain = options.chain ?? [];
    this.keyType = cmsKeyType(options.certificate.publicKey.asymmetricKeyType);
    this.client = options.client ? () => options.client! : kms;
  }

  private get algorithm(): SigningAlgorithmSpec {
    return this.keyType === 'rsa' ? 'RSASSA_PKCS1_V1_5_SHA_256' : 'ECDSA_SHA_256';
  }

  async sign(signedAttributes: Uint8Array): Promise<Uint8Array> {
    await this.checkKeyMatchesCertificate();
    const out = await this.client().send(
      new SignCommand({
        KeyId: this.keyId,
        Message: createHash('sha256').update(signedAttributes).digest(),
        MessageType: 'DIGEST',
        SigningAlgorithm: this.algorithm,
      }),
    );
    if (!out.Signature) throw new Error(`KMS returned no signature for PDF signing key ${this.keyId}`);
    return out.Signature;
  }

  /** Reads the KMS public key once and refuses a certificate for another key; a failed read is retried. */
  checkKeyMatchesCertificate(): Promise<void> {
    if (!this.checked) {
      const checking = this.compareKeys();
      checking.catch(() => {
        if (this.checked === checking) this.checked = undefined;
      });
      this.checked = checking;
    }
    return this.checked;
  }

  private async compareKeys(): Promise<void> {
    const out = await this.client().send(new GetPublicKeyCommand({ KeyId: this.keyId }));
    if (out.KeyUsage !== undefined && out.KeyUsage !== 'SIGN_VERIFY') {
      throw new PdfSigningMaterialError(`KMS key ${this.keyId} has key usage ${out.KeyUsage}; PDF signing needs SIGN_VERIFY`);
    }
    if (out.SigningAlgorithms && !out.SigningAlgorithms.includes(this.algorithm)) {
      throw new PdfSigningMaterialError(`KMS key ${this.keyId} (${out.KeySpec ?? 'unknown spec'}) cannot sign with ${this.algorithm}`);
    }
    if (!out.PublicKey) throw new Error(`KMS returned no public key for PDF signing key ${this.keyId}`);
    const kmsKey = createPublicKey({ key: Buffer.from(out.PublicKey), format: 'der', type: 'spki' });
    const spki = (key: typeof kmsKey) => key.export({ format: 'der', type: 'spki' });
    if (!spki(kmsKey).equals(spki(this.certificate.publicKey))) {
      throw new PdfSigningMaterialError(`The PDF signing certificate (${this.certificate.subject.replace(/\n/g, ', ')}) is not for KMS key ${this.keyId}`);
    }
  }
}
