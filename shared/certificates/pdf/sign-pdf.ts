/**
 * Signs a rendered certificate PDF: a PAdES baseline B-B signature (ETSI EN 319 142-1) with SubFilter
 * ETSI.CAdES.detached. The claimed signing time goes into the signature dictionary's /M entry;
 * `@signpdf/signpdf` fills in /ByteRange (the whole file except the /Contents hex string) and writes the
 * DER CMS from `cms-signer.ts` into /Contents.
 *
 * With an RSA key the result depends only on the input PDF, the material and `signingTime`: signing
 * again gives the same bytes. ECDSA signatures are randomized.
 */
import { SignPdf, Signer } from '@signpdf/signpdf';
import { cadesDetachedSignature, type CmsSigningKey } from './cms-signer.ts';
import { signingKeyFromMaterial, type PdfSigningMaterial } from './pdf-signing-key.ts';
import { withClaimedSigningTime } from './signature-placeholder.ts';

export type { PdfSigningMaterial } from './pdf-signing-key.ts';

class CadesDetachedSigner extends Signer {
  constructor(private readonly key: CmsSigningKey) {
    super();
  }

  override async sign(signedBytes: Buffer): Promise<Buffer> {
    return Buffer.from(cadesDetachedSignature(signedBytes, this.key));
  }
}

export async function signCertificatePdf(pdf: Uint8Array, material: PdfSigningMaterial, signingTime: Date): Promise<Uint8Array> {
  const key = signingKeyFromMaterial(material);
  const timed = withClaimedSigningTime(pdf, signingTime);
  const signed = await new SignPdf().sign(Buffer.from(timed.buffer, timed.byteOffset, timed.byteLength), new CadesDetachedSigner(key));
  return new Uint8Array(signed.buffer, signed.byteOffset, signed.byteLength);
}
