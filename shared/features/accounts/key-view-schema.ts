/**
 * What the keys API accepts and answers: the API key object as `apiKeyView` builds it, a page of them,
 * the created key (with the key itself, once), and the bodies of create and roll. The handlers validate
 * with these schemas, the integration tests parse real answers with them, and the OpenAPI document is
 * generated from them.
 */
import * as z from 'zod';
import { pageSchema, paginationQuery } from '../../contract/pagination.ts';
import { keyModeSchema } from '../../contract/field-schemas.ts';
import { apiKeyIdPattern } from '../../platform/ids.ts';
import { defaultGraceHours, maxGraceHours, usableKeyLimit } from './key-rules.ts';

export const maxKeyNameLength = 100;

export const apiKeyIdSchema = z
  .string()
  .regex(apiKeyIdPattern)
  .meta({ description: 'API key id: `key_` and 24 base62 characters. Public: it is not the key.' });

export const apiKeySchema = z
  .strictObject({
    key_id: apiKeyIdSchema,
    name: z.string().nullable().meta({ description: 'Your label for the key; null when none was given.' }),
    hint: z.string().meta({ description: 'The key’s prefix and last four characters, e.g. `svc_live_…a1B2`, to tell keys apart.' }),
    mode: keyModeSchema.meta({ description: 'The key’s mode: `live` or `test`.' }),
    role: z.enum(['admin', 'standard']).meta({
      description: '`admin`: manages every key of the account, both modes, and creates admin keys. `standard`: manages the standard keys of its own mode.',
    }),
    state: z.enum(['active', 'expiring', 'expired', 'revoked']).meta({
      description:
        '`active`: works, no end set. `expiring`: works until `expires_at` (a rolled key in its grace period). `expired`, `revoked`: refused with 401.',
    }),
    created_at: z.iso.datetime(),
    last_used_at: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'The minute (UTC) of the key’s last request; null when it has made none, or when it has expired (a revoked key keeps it).' }),
    expires_at: z.iso.datetime().nullable().meta({ description: 'When the key stops working; null when it has no end.' }),
    revoked_at: z.iso.datetime().nullable(),
    rolled_at: z.iso.datetime().nullable().meta({ description: 'When the key was rolled; a key is rolled at most once.' }),
    replaced_by: apiKeyIdSchema.nullable().meta({ description: 'The key that replaced this one in a roll.' }),
    replaces: apiKeyIdSchema.nullable().meta({ description: 'The key this one replaced in a roll.' }),
  })
  .meta({ title: 'API key' });

export const createdApiKeySchema = apiKeySchema
  .extend({
    api_key: z.string().nullable().meta({
      description:
        'The key itself, shown this once and never again: store it now. Null only when an Idempotency-Key replay answers: the key was made by the first request and is not stored.',
    }),
  })
  .meta({ title: 'Created API key' });

export const apiKeyPageSchema = pageSchema(apiKeySchema, 'a key id').meta({ title: 'Page of API keys' });

export const listKeysQuerySchema = z.strictObject(paginationQuery(apiKeyIdPattern, 'a key id'));

export const createKeyRequestSchema = z
  .strictObject({
    name: z
      .string()
      .min(1, 'name must not be empty')
      .max(maxKeyNameLength, `name must be at most ${maxKeyNameLength} characters`)
      // At least one character other than a space; no control characters (tabs and line breaks included).
      .regex(/^[^\p{Cc}]*[^\p{Cc}\s][^\p{Cc}]*$/u, 'name must have a character other than a space, and no control characters')
      .optional()
      .meta({ description: `A label for the key, 1 to ${maxKeyNameLength} characters.` }),
    mode: keyModeSchema.optional().meta({ description: 'The new key’s mode; default: the calling key’s. A standard key creates keys of its own mode only.' }),
    admin: z.boolean().optional().meta({ description: 'Make an admin key (default false); only an admin key may.' }),
  })
  .meta({ title: 'Create API key request', description: `An account holds at most ${usableKeyLimit} usable keys.` });

export const rollKeyRequestSchema = z
  .strictObject({
    grace_period_hours: z
      .number()
      .min(0, 'grace_period_hours must be from 0 to 168')
      .max(maxGraceHours, `grace_period_hours must be from 0 to ${maxGraceHours}`)
      .default(defaultGraceHours)
      .meta({
        description: `How long the old key keeps working, in hours (fractions allowed, e.g. 0.25 for 15 minutes), 0 to ${maxGraceHours}; default ${defaultGraceHours}. 0 stops it at once.`,
      }),
  })
  .meta({ title: 'Roll API key request' });
