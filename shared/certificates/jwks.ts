/**
 * The public JWK Set (RFC 7517 §5) of certificate signing keys, served at `GET /v1/signing-keys`:
 * the current key first, then keys rotated out whose certificates must stay verifiable.
 */
import { json, type HttpResponse } from '../http/response.ts';
import type { Jwk } from './jwk.ts';
import type { CertificateSigner } from './signer.ts';

export interface Jwks {
  readonly keys: readonly Jwk[];
}

/** Clients and caches may keep the key set for five minutes. */
export const signingKeysCacheControl = 'public, max-age=300';

/** The JWKS body: `{"keys":[{kty,crv,x,y,kid,alg,use}, …]}`. */
export async function signingKeysResponse(signer: CertificateSigner): Promise<Jwks> {
  const keys = await signer.publicKeys();
  return { keys: keys.map(({ kty, crv, x, y, kid, alg, use }) => ({ kty, crv, x, y, kid, alg, use })) };
}

/** The HTTP response of `GET /v1/signing-keys`. */
export async function signingKeysHttpResponse(signer: CertificateSigner): Promise<HttpResponse> {
  return json(200, await signingKeysResponse(signer), { 'cache-control': signingKeysCacheControl });
}
