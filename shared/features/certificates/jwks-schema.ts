/**
 * The JWKS of `GET /v1/signing-keys` as `signingKeysResponse` (jwks.ts) builds it. The integration tests
 * parse the real response with this schema, and the OpenAPI document is generated from it.
 */
import * as z from 'zod';
import { keyModeSchema } from '../../contract/field-schemas.ts';

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
          mode: keyModeSchema.meta({
            description:
              "The certificates this key signs: `live` or `test`. Each mode has its own key; accept a certificate only when the key named by its `signing_key_id` has the certificate's `mode`. (A JWK member RFC 7517 §4 allows; not part of the thumbprint.)",
          }),
        }),
      )
      .meta({
        description: 'The live keys (the current key first, then retired keys whose certificates stay verifiable), then the test keys in the same order.',
      }),
  })
  .meta({ title: 'JSON Web Key Set' });
