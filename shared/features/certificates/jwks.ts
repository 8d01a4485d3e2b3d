/**
 * The public JWK Set (RFC 7517 §5) of certificate signing keys, served at `GET /v1/signing-keys`. Each
 * key says in `mode` which certificates it signs: the live keys (the current one first, then keys
 * rotated out whose certificates must stay verifiable), then the test keys in the same order.
 */
import { keyModes } from '../../domain/caller.ts';
import type { SigningKeyJwk } from './jwk.ts';
import type { CertificateSigners } from './certificate-signer.ts';

export interface Jwks {
  readonly keys: readonly SigningKeyJwk[];
}

/** The JWKS body: `{"keys":[{kty,crv,x,y,kid,alg,use,mode}, …]}`, live keys first, then test keys. */
export async function signingKeysResponse(signers: CertificateSigners): Promise<Jwks> {
  const byMode = await Promise.all(keyModes.map((mode) => signers[mode].publicKeys()));
  const keys = byMode.flatMap((published, i) => {
    const mode = keyModes[i]!;
    return published.map(({ kty, crv, x, y, kid, alg, use, mode: keyMode }) => {
      // A key published under the other mode would let one mode's certificates pass for the other's.
      if (keyMode !== mode) throw new Error(`The ${mode} signer publishes a key marked ${keyMode}`);
      return { kty, crv, x, y, kid, alg, use, mode };
    });
  });
  const kids = new Set(keys.map((key) => key.kid));
  if (kids.size !== keys.length) throw new Error('One key is configured to sign both live and test certificates; each mode needs its own key');
  return { keys };
}
