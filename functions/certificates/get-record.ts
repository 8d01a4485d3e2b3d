/**
 * GET /records/{verification_id} (public): the online record a certificate's QR code opens. The
 * unguessable verification id is the only capability; the page shows what the printed certificate
 * shows, and whether the stored certificate still verifies against the published signing keys.
 *
 * Built with `framedHandler` rather than `publicHandler`: the standard frame (error shape, request log,
 * request id) without the API's query validation, which rejects unknown query parameters. A QR target
 * is opened through scanners, mail and chat apps that append tracking parameters (`?utm_source=…`,
 * `fbclid`), and such a link must still open the record, so the query string is ignored. The only
 * inputs are the path parameter and the `Accept` header.
 */
import { signingKeysResponse } from '#shared/features/certificates/jwks.ts';
import { signersFromEnvironment } from '#shared/features/certificates/signer-services.ts';
import { framedHandler } from '#shared/api/http/pipeline-frame.ts';
import { preferredRepresentation } from '#shared/api/http/public-record/content-negotiation.ts';
import { publicRecord } from '#shared/features/records/public-record.ts';
import { recordNotFoundResponse, recordResponse } from '#shared/api/http/public-record/record-response.ts';
import { getPublicRecord } from '#shared/features/records/adapters/record-store.ts';
import { isVerificationId } from '#shared/features/records/record-url.ts';

export const handler = framedHandler(async (event) => {
  const representation = preferredRepresentation(event.headers?.accept);
  const id = event.pathParameters?.verification_id ?? '';
  // A malformed id cannot name a record: answered without a table read.
  const stored = isVerificationId(id) ? await getPublicRecord(id) : undefined;
  if (!stored) return recordNotFoundResponse(representation);
  // The published keys of both modes: the record checks the certificate against the key of its own mode.
  return recordResponse(await publicRecord(stored, await signingKeysResponse(signersFromEnvironment())), representation);
});
