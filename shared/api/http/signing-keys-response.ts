/** The HTTP response of `GET /v1/signing-keys`: the JWKS, cacheable for five minutes. */
import { signingKeysResponse } from '../../features/certificates/jwks.ts';
import type { CertificateSigners } from '../../features/certificates/certificate-signer.ts';
import { json, type HttpResponse } from './response.ts';

/** Clients and caches may keep the key set for five minutes. */
export const signingKeysCacheControl = 'public, max-age=300';

export async function signingKeysHttpResponse(signers: CertificateSigners): Promise<HttpResponse> {
  return json(200, await signingKeysResponse(signers), { 'cache-control': signingKeysCacheControl });
}
