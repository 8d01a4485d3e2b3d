/** GET /v1/signing-keys (public): the JWKS of the certificate signing keys of both modes, each marked with its `mode`. */
import { signingKeysHttpResponse } from '#shared/api/http/signing-keys-response.ts';
import { signersFromEnvironment } from '#shared/features/certificates/signer-services.ts';
import { publicHandler } from '#shared/api/http/pipeline-frame.ts';

export { signingKeysResponse } from '#shared/features/certificates/jwks.ts';

export const handler = publicHandler('GetSigningKeys', {}, async () => signingKeysHttpResponse(signersFromEnvironment()));
