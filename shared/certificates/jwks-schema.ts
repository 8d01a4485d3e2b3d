/**
 * The JWKS of `GET /v1/signing-keys` as `signingKeysResponse` (jwks.ts) builds it. The integration tests
 * parse the real response with this schema, and the OpenAPI document is generated from it.
 */
import * as z from 'zod';

const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/);

export const jwksSchema = z
  .strictObject({
    keys: z
      .array(
        z.strictObject({
          kty: z.literal('EC'),
          crv: z.literal('P-256'),
          x: base64url.meta({ description: 'base64url of the 32-byte x coordinate.' }),
          y: base64url.meta({ description: 'base64url of the 32-byte y coordinate.' }),
          kid: base64url.meta({ description: 'RFC 7638 thumbprint; certificates name it in `signing_key_id`.' }),
          alg: z.literal('ES256'),
          use: z.literal('sig'),
        }),
      )
      .meta({ description: 'The current key first, then retired keys whose certificates stay verifiable.' }),
  })
  .meta({ title: 'JSON Web Key Set' });
