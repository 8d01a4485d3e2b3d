import { CertificatePdfStore, type StoredPdf } from '#shared/features/certificates/adapters/certificate-pdf-store.ts';
import { ApiError } from '#shared/api/http/errors.ts';
import { apiHandler } from '#shared/api/http/pipeline.ts';
import type { HttpResponse } from '#shared/api/http/response.ts';
import { verificationIdPattern } from '#shared/features/records/record-url.ts';
import { DynamoVerificationStore } from '#shared/features/verification/adapters/verification-store.ts';
import { containerValue } from '#shared/platform/container.ts';
import type { Caller } from '#shared/domain/caller.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ verifications: new DynamoVerificationStore(), pdfs: new CertificatePdfStore() }));

/**
 * The renderer and signer (pdf-lib, node-forge, QR codes, the signing material from Secrets Manager),
 * loaded when this container first makes a PDF: a PDF is made once per certificate and served from
 * storage after, and a container that only serves stored PDFs never loads them.
 */
const pdfMaker = () => import('#shared/features/verification/certificate-pdf.ts');

/**
 * The owner's record of this id and its stored PDF, read together (the PDF is only returned once
 * ownership is confirmed); undefined for an id that cannot be one.
 */
function readAhead(id: string, owner: Caller) {
  return verificationIdPattern.test(id) ? storedFor(id, owner) : undefined;
}

function storedFor(id: string, owner: Caller) {
  const { verifications, pdfs } = dependencies();
  return Promise.all([verifications.getOwned(id, owner.accountId, owner.mode), pdfs.get(id, owner.mode)]);
}

/**
 * GET /v1/certificate/{verification_id}/pdf: the signed PDF certificate, to its owner only. Made on
 * the first request, stored in S3 (write-once; live PDFs under Object Lock for seven years, test PDFs
 * for 30 days), and served from there: the same bytes and ETag every time.
 */
export const handler = apiHandler(
  'GetCertificatePdf',
  { prefetch: ({ pathParameters, key }) => readAhead(pathParameters.verification_id ?? '', key) },
  async (req) => {
    const { pdfs } = dependencies();
    const id = req.pathParameters.verification_id ?? '';
    if (!verificationIdPattern.test(id))
      throw new ApiError('resource_not_found', 'No verification with this id for this account and mode.', { param: 'verification_id' });
    const [record, storedPdf] = await (req.prefetched ?? storedFor(id, req.caller));
    if (!record) throw new ApiError('resource_not_found', 'No verification with this id for this account and mode.', { param: 'verification_id' });

    let pdf: StoredPdf | undefined = storedPdf;
    if (!pdf) {
      const { makeCertificatePdf } = await pdfMaker();
      pdf = await pdfs.putOnce(id, req.caller.mode, await makeCertificatePdf(record.certificate, record.result));
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
  },
);
