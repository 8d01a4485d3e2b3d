/**
 * Signs a rendered certificate PDF: a PAdES baseline B-B signature (ETSI EN 319 142-1) with SubFilter
 * ETSI.CAdES.detached. The claimed signing time goes into the signature dictionary's /M entry;
 * `@signpdf/signpdf` fills in /ByteRange (the whole file except the /Contents hex string) and writes the
 * DER CMS from `cms-signer.ts` into /Contents.
 *
 * With an RSA key (PKCS#1 v1.5, deterministic, locally or in KMS) the result depends only on the input
 * PDF, the key and certificate, and `signingTime`: signing again gives the same bytes. ECDSA signatures
 * are randomized.
 */
import { SignPdf, Signer } from '@signpdf/signpdf';
import { cadesDetachedSignature, type CmsSigner } from './cms-signer.ts';
import { signingKeyFromMaterial, type PdfSigningMaterial } from './pdf-signing-key.ts';
import { withClaimedSigningTime } from './signature-placeholder.ts';

export type { PdfSigningMaterial } from './pdf-signing-key.ts';

class CadesDetachedSigner extends Signer {
  constructor(private readonly key: CmsSigner) {
    super();
  }

  override async sign(signedBytes: Buffer): Promise<Buffer> {
    return Buffer.from(await cadesDetachedSignature(signedBytes, this.key));
  }
}

/** Signs with a local key from PEM material (the local stack, or a key kept in Secrets Manager). */
export async function signCertificatePdf(pdf: Uint8Array, material: PdfSigningMaterial, signingTime: Date): Promise<Uint8Array> {
  return signCertificatePdfWith(pdf, signingKeyFromMaterial(material), signingTime);
}

/** Signs with any CMS signer: a local key, or a KMS key that never leaves KMS. */
export async function signCertificatePdfWith(pdf: Uint8Array, key: CmsSigner, signingTime: Date): Promise<Uint8Array> {
  const timed = withClaimedSigningTime(pdf, signingTime);
  const signed = await new SignPdf().sign(Buffer.from(timed.buffer, timed.byteOffset, timed.byteLength), new CadesDetachedSigner(key));
  return new Uint8Array(signed.buffer, signed.byteOffset, signed.byteLength);
}
