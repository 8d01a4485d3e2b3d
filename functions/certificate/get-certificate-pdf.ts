import type { Certificate } from '#shared/certificates/certificate.ts';
import { CertificatePdfStore, type StoredPdf } from '#shared/certificates/certificate-pdf-store.ts';
import { renderCertificatePdf } from '#shared/certificates/pdf/render-certificate-pdf.ts';
import { pdfSigningMaterialFromEnvironment } from '#shared/certificates/pdf/pdf-signing-material.ts';
import { signCertificatePdf } from '#shared/certificates/pdf/sign-pdf.ts';
import { ApiError } from '#shared/http/errors.ts';
import { apiHandler } from '#shared/http/pipeline.ts';
import type { HttpResponse } from '#shared/http/response.ts';
import { publicRecordUrl, verificationIdPattern } from '#shared/records/record-url.ts';
import type { VerificationResult } from '#shared/verification/verification-result.ts';
import { VerificationStore } from '#shared/verification/verification-store.ts';

const verifications = new VerificationStore();
const pdfs = new CertificatePdfStore();

/** Renders and signs the PDF of a stored verification (signing time = issue time, so bytes are stable). */
async function makePdf(certificate: Certificate, result: VerificationResult): Promise<Uint8Array> {
  const unsigned = await renderCertificatePdf({
    certificate,
    details: {
      profession: result.profession,
      licenseType: result.license_type,
      matchConfidence: result.match_confidence,
      sources: result.sources,
    },
    recordUrl: publicRecordUrl(certificate.verification_id),
  });
  return signCertificatePdf(unsigned, await pdfSigningMaterialFromEnvironment(), new Date(certificate.issued_at));
}

/**
 * GET /v1/certificate/{verification_id}/pdf: the signed PDF certificate, to its owner only. Made on
 * the first request, stored in S3 (write-once, Object Lock), and served from there: the same bytes and
 * ETag every time.
 */
export const handler = apiHandler('GetCertificatePdf', {}, async (req) => {
  const id = req.pathParameters.verification_id ?? '';
  if (!verificationIdPattern.test(id)) throw new ApiError('resource_not_found', 'No verification with this id for this account and mode.', { param: 'verification_id' });
  // The stored PDF is read alongside the ownership check; it is only returned once ownership is confirmed.
  const [record, stored] = await Promise.all([verifications.getOwned(id, req.caller!.accountId, req.caller!.mode), pdfs.get(id)]);
  if (!record) throw new ApiError('resource_not_found', 'No verification with this id for this account and mode.', { param: 'verification_id' });

  let pdf: StoredPdf | undefined = stored;
  if (!pdf) {
    pdf = await pdfs.putOnce(id, await makePdf(record.certificate as unknown as Certificate, record.result as unknown as VerificationResult));
  }
  const headers = {
    etag: pdf.etag,
    'cache-control': 'private, max-age=31536000, immutable',
  };
  if (req.event.headers?.['if-none-match'] === pdf.etag) {
    return { statusCode: 304, headers, body: '' } satisfies HttpResponse;
  }
  return {
    statusCode: 200,
    headers: { ...headers, 'content-type': 'application/pdf', 'content-disposition': `inline; filename="certificate-${id}.pdf"` },
    body: Buffer.from(pdf.bytes).toString('base64'),
    isBase64Encoded: true,
  } satisfies HttpResponse;
});
