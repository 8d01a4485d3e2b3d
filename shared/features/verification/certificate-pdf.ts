/**
 * The signed PDF of a stored verification: rendered (pdf-lib, QR code) and signed (CMS over node-forge,
 * with the configured PDF signer: a KMS key, or a local key from the PDF signing material). Loaded only when a PDF is made: the handler imports this module on
 * the first request for a certificate, and serves every later request from storage without it.
 */
import type { IssuedCertificate } from '../certificates/certificate.ts';
import type { VerificationResult } from './verification-result.ts';
import { publicRecordUrl } from '../records/record-url.ts';
import { pdfSignerFromEnvironment } from '../certificates/pdf/pdf-signing-services.ts';
import { renderCertificatePdf } from '../certificates/pdf/render-certificate-pdf.ts';
import { signCertificatePdfWith } from '../certificates/pdf/sign-pdf.ts';

/** Renders and signs the PDF of a stored verification (signing time = issue time, so bytes are stable). */
export async function makeCertificatePdf(certificate: IssuedCertificate, result: VerificationResult): Promise<Uint8Array> {
  const unsigned = await renderCertificatePdf({
    certificate,
    details: {
      profession: result.profession,
      licenseType: result.license_type,
      matchConfidence: result.match_confidence,
      matchBasis: result.match_basis,
      sources: result.sources,
    },
    recordUrl: publicRecordUrl(certificate.verification_id),
  });
  return signCertificatePdfWith(unsigned, await pdfSignerFromEnvironment(), new Date(certificate.issued_at));
}
